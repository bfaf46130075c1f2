-- Issued invoices and credit notes are never edited or deleted (decision 0300): a correction is
-- a credit note and, where needed, a new invoice.
CREATE OR REPLACE FUNCTION refuse_issued_document_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION '% %: issued documents are never changed', TG_TABLE_NAME, OLD.number
    USING ERRCODE = 'restrict_violation';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER invoices_immutable BEFORE UPDATE OR DELETE ON invoices
  FOR EACH ROW EXECUTE FUNCTION refuse_issued_document_change();
--> statement-breakpoint
CREATE TRIGGER credit_notes_immutable BEFORE UPDATE OR DELETE ON credit_notes
  FOR EACH ROW EXECUTE FUNCTION refuse_issued_document_change();
