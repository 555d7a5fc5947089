-- hand-written: visitors' attachments on public forms' file fields (issue 22). A file remembers
-- the public page it was uploaded on and the lead a capture attached it to; the lead index serves
-- the set null when a lead is deleted.
ALTER TABLE "files" ADD COLUMN "page_id" uuid;
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "lead_id" uuid;
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "files_lead_idx" ON "files" USING btree ("lead_id");
