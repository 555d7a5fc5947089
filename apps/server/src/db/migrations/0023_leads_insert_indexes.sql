DROP INDEX "leads_organization_email_idx";--> statement-breakpoint
DROP INDEX "leads_follow_up_due_idx";--> statement-breakpoint
DROP INDEX "leads_offer_created_idx";--> statement-breakpoint
CREATE INDEX "leads_follow_up_due_idx" ON "leads" USING btree ("follow_up_date") WHERE "leads"."deleted_at" is null and "leads"."follow_up_reminded_at" is null and "leads"."follow_up_date" is not null;--> statement-breakpoint
CREATE INDEX "leads_offer_created_idx" ON "leads" USING btree ("offer_id","created_at") WHERE "leads"."offer_id" is not null;