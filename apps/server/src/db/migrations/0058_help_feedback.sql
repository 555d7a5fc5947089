CREATE TABLE "help_article_feedback" (
	"category" text NOT NULL,
	"article" text NOT NULL,
	"language" text NOT NULL,
	"helpful" integer DEFAULT 0 NOT NULL,
	"not_helpful" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "help_article_feedback_category_article_language_pk" PRIMARY KEY("category","article","language")
);
