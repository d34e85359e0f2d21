CREATE TABLE "ecb_rates" (
	"currency" text NOT NULL,
	"date" date NOT NULL,
	"rate" numeric NOT NULL,
	CONSTRAINT "ecb_rates_currency_date_pk" PRIMARY KEY("currency","date")
);
