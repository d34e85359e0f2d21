CREATE TABLE "reference_imports" (
	"name" text PRIMARY KEY NOT NULL,
	"rows" integer NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
