-- Idempotency-Keys of captures are now the leads' own ids (decision 012).
DROP POLICY "idempotency_keys_tenant_read" ON "idempotency_keys" CASCADE;--> statement-breakpoint
DROP POLICY "idempotency_keys_tenant_insert" ON "idempotency_keys" CASCADE;--> statement-breakpoint
DROP POLICY "idempotency_keys_tenant_update" ON "idempotency_keys" CASCADE;--> statement-breakpoint
DROP POLICY "idempotency_keys_tenant_delete" ON "idempotency_keys" CASCADE;--> statement-breakpoint
DROP TABLE "idempotency_keys" CASCADE;
