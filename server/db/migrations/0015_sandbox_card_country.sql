-- The issuing country of the sandbox test card that paid an intent (decision 0380): the VAT
-- evidence Stripe gives with a live charge, so sandbox invoices decide as live ones do.
ALTER TABLE "sandbox_card_intents" ADD COLUMN "card_country" text;