CREATE TABLE "api_tokens" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"expire_time" timestamp with time zone,
	"last_used_time" timestamp with time zone,
	"revoke_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"ip" text NOT NULL,
	"time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" bigint NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"expire_time" timestamp with time zone NOT NULL,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" bigint NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"permissions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" bigint NOT NULL,
	"role_id" bigint NOT NULL,
	CONSTRAINT "user_roles_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" bigint NOT NULL,
	"username" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text NOT NULL,
	"agent_id" bigint,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"modify_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qc_angle_rules" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"scheme_id" bigint NOT NULL,
	"angle_id" bigint NOT NULL,
	"rule_id" bigint NOT NULL,
	"organization_id" bigint NOT NULL,
	"deleted" text DEFAULT 'NONE' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"creator_id" bigint,
	"creator_name" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"modifier_id" bigint,
	"modifier_name" text,
	"modify_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qc_angles" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"scheme_id" bigint NOT NULL,
	"name" text NOT NULL,
	"score" integer NOT NULL,
	"organization_id" bigint NOT NULL,
	"deleted" text DEFAULT 'NONE' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"creator_id" bigint,
	"creator_name" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"modifier_id" bigint,
	"modifier_name" text,
	"modify_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qc_rules" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"business_id" text,
	"business_name" text,
	"category_id" text,
	"category_name" text,
	"rule_out_id" text,
	"comments" text,
	"condition_config" jsonb,
	"organization_id" bigint NOT NULL,
	"deleted" text DEFAULT 'NONE' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"creator_id" bigint,
	"creator_name" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"modifier_id" bigint,
	"modifier_name" text,
	"modify_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qc_schemes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'INACTIVE' NOT NULL,
	"type" text NOT NULL,
	"target_type" text NOT NULL,
	"group_id" text,
	"group_name" text,
	"scheme_out_id" text,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"style" text,
	"comments" text,
	"scheme_config" jsonb,
	"organization_id" bigint NOT NULL,
	"deleted" text DEFAULT 'NONE' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"creator_id" bigint,
	"creator_name" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"modifier_id" bigint,
	"modifier_name" text,
	"modify_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_results" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"session_ref" bigint NOT NULL,
	"session_id" text NOT NULL,
	"chat_id" text NOT NULL,
	"line_id" bigint,
	"agent_id" bigint,
	"agent_name" text,
	"agent_nick" text,
	"customer_id" text,
	"customer_nick" text,
	"groups" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"group_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"track_client" text,
	"satisfaction" integer,
	"resolved" boolean,
	"duration" integer DEFAULT 0 NOT NULL,
	"session_begin_time" timestamp with time zone NOT NULL,
	"close_time" timestamp with time zone,
	"scheme_id" bigint NOT NULL,
	"scheme_name" text NOT NULL,
	"task_id" bigint,
	"ai_score" double precision NOT NULL,
	"ai_status" text DEFAULT 'CHECKED' NOT NULL,
	"is_veto" boolean DEFAULT false NOT NULL,
	"result_rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"censor_ban_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"review_score" double precision,
	"is_review" boolean DEFAULT false NOT NULL,
	"review_veto" boolean DEFAULT false NOT NULL,
	"is_complaint" boolean DEFAULT false NOT NULL,
	"comments" text,
	"organization_id" bigint NOT NULL,
	"deleted" text DEFAULT 'NONE' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"creator_id" bigint,
	"creator_name" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"modifier_id" bigint,
	"modifier_name" text,
	"modify_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "manual_results" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"session_ref" bigint NOT NULL,
	"session_id" text NOT NULL,
	"chat_id" text NOT NULL,
	"line_id" bigint,
	"agent_id" bigint,
	"agent_name" text,
	"agent_nick" text,
	"customer_id" text,
	"customer_nick" text,
	"groups" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"group_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"track_client" text,
	"satisfaction" integer,
	"resolved" boolean,
	"duration" integer DEFAULT 0 NOT NULL,
	"session_begin_time" timestamp with time zone NOT NULL,
	"close_time" timestamp with time zone,
	"scheme_id" bigint NOT NULL,
	"scheme_name" text NOT NULL,
	"task_id" bigint,
	"style" text DEFAULT 'SCORE' NOT NULL,
	"manual_status" text DEFAULT 'UNCHECKED' NOT NULL,
	"manual_score" double precision,
	"pass" boolean,
	"manual_angles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"appraisals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"veto_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"review_score" double precision,
	"is_review" boolean DEFAULT false NOT NULL,
	"is_complaint" boolean DEFAULT false NOT NULL,
	"comments" text,
	"result_time" timestamp with time zone,
	"organization_id" bigint NOT NULL,
	"deleted" text DEFAULT 'NONE' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"creator_id" bigint,
	"creator_name" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"modifier_id" bigint,
	"modifier_name" text,
	"modify_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qc_task_sessions" (
	"task_id" bigint NOT NULL,
	"session_ref" bigint NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"error" text,
	"modify_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qc_task_sessions_task_id_session_ref_pk" PRIMARY KEY("task_id","session_ref")
);
--> statement-breakpoint
CREATE TABLE "qc_tasks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'INACTIVE' NOT NULL,
	"scheme_id" bigint NOT NULL,
	"line_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"end_time" timestamp with time zone,
	"run_state" text DEFAULT 'IDLE' NOT NULL,
	"run_error" text,
	"run_start_time" timestamp with time zone,
	"run_end_time" timestamp with time zone,
	"organization_id" bigint NOT NULL,
	"deleted" text DEFAULT 'NONE' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"creator_id" bigint,
	"creator_name" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"modifier_id" bigint,
	"modifier_name" text,
	"modify_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" bigint NOT NULL,
	"session_ref" bigint NOT NULL,
	"seq" integer NOT NULL,
	"message_id" text NOT NULL,
	"chat_id" text NOT NULL,
	"session_id" text NOT NULL,
	"sender_role" text NOT NULL,
	"sender_nick" text,
	"sender_avatar" text,
	"send_time" bigint NOT NULL,
	"content" text NOT NULL,
	"censor_operation" text,
	"censor_words" jsonb
);
--> statement-breakpoint
CREATE TABLE "chat_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" bigint NOT NULL,
	"session_id" text NOT NULL,
	"chat_id" text NOT NULL,
	"source" text,
	"status" text DEFAULT 'CLOSED' NOT NULL,
	"line_id" bigint,
	"line_name" text,
	"agent_id" bigint,
	"agent_name" text,
	"agent_nick" text,
	"customer_id" text,
	"customer_nick" text,
	"customer_phone" text,
	"groups" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"group_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"track_client" text,
	"close_way" text,
	"close_reason" text,
	"mode" text,
	"summary" boolean DEFAULT false NOT NULL,
	"summary_detail" jsonb,
	"score_progress" integer DEFAULT -1 NOT NULL,
	"score_way" text,
	"scoring_time" timestamp with time zone,
	"scored_time" timestamp with time zone,
	"score_result" jsonb,
	"satisfaction" integer,
	"resolved" boolean,
	"begin_time" timestamp with time zone NOT NULL,
	"close_time" timestamp with time zone,
	"duration" integer DEFAULT 0 NOT NULL,
	"message_count" integer DEFAULT 0 NOT NULL,
	"agent_text" text DEFAULT '' NOT NULL,
	"customer_text" text DEFAULT '' NOT NULL,
	"human_quality" jsonb,
	"content_hash" text NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"modify_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_sessions" ADD CONSTRAINT "login_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qc_angle_rules" ADD CONSTRAINT "qc_angle_rules_scheme_id_qc_schemes_id_fk" FOREIGN KEY ("scheme_id") REFERENCES "public"."qc_schemes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qc_angle_rules" ADD CONSTRAINT "qc_angle_rules_angle_id_qc_angles_id_fk" FOREIGN KEY ("angle_id") REFERENCES "public"."qc_angles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qc_angle_rules" ADD CONSTRAINT "qc_angle_rules_rule_id_qc_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."qc_rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qc_angle_rules" ADD CONSTRAINT "qc_angle_rules_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qc_angles" ADD CONSTRAINT "qc_angles_scheme_id_qc_schemes_id_fk" FOREIGN KEY ("scheme_id") REFERENCES "public"."qc_schemes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qc_angles" ADD CONSTRAINT "qc_angles_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qc_rules" ADD CONSTRAINT "qc_rules_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qc_schemes" ADD CONSTRAINT "qc_schemes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_results" ADD CONSTRAINT "ai_results_session_ref_chat_sessions_id_fk" FOREIGN KEY ("session_ref") REFERENCES "public"."chat_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_results" ADD CONSTRAINT "ai_results_scheme_id_qc_schemes_id_fk" FOREIGN KEY ("scheme_id") REFERENCES "public"."qc_schemes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_results" ADD CONSTRAINT "ai_results_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_results" ADD CONSTRAINT "manual_results_session_ref_chat_sessions_id_fk" FOREIGN KEY ("session_ref") REFERENCES "public"."chat_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_results" ADD CONSTRAINT "manual_results_scheme_id_qc_schemes_id_fk" FOREIGN KEY ("scheme_id") REFERENCES "public"."qc_schemes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_results" ADD CONSTRAINT "manual_results_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qc_task_sessions" ADD CONSTRAINT "qc_task_sessions_task_id_qc_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."qc_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qc_task_sessions" ADD CONSTRAINT "qc_task_sessions_session_ref_chat_sessions_id_fk" FOREIGN KEY ("session_ref") REFERENCES "public"."chat_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qc_tasks" ADD CONSTRAINT "qc_tasks_scheme_id_qc_schemes_id_fk" FOREIGN KEY ("scheme_id") REFERENCES "public"."qc_schemes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qc_tasks" ADD CONSTRAINT "qc_tasks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_session_ref_chat_sessions_id_fk" FOREIGN KEY ("session_ref") REFERENCES "public"."chat_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_tokens_token_key" ON "api_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "api_tokens_organization_idx" ON "api_tokens" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "login_failures_lookup_idx" ON "login_failures" USING btree ("username","ip","time");--> statement-breakpoint
CREATE UNIQUE INDEX "login_sessions_token_key" ON "login_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "login_sessions_user_idx" ON "login_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_organization_code_key" ON "roles" USING btree ("organization_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key" ON "users" USING btree ("username");--> statement-breakpoint
CREATE INDEX "users_organization_idx" ON "users" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "qc_angle_rules_angle_idx" ON "qc_angle_rules" USING btree ("organization_id","angle_id","deleted");--> statement-breakpoint
CREATE INDEX "qc_angle_rules_scheme_idx" ON "qc_angle_rules" USING btree ("organization_id","scheme_id","deleted");--> statement-breakpoint
CREATE INDEX "qc_angle_rules_rule_idx" ON "qc_angle_rules" USING btree ("rule_id");--> statement-breakpoint
CREATE INDEX "qc_angles_scheme_idx" ON "qc_angles" USING btree ("organization_id","scheme_id","deleted");--> statement-breakpoint
CREATE INDEX "qc_rules_list_idx" ON "qc_rules" USING btree ("organization_id","deleted","type","modify_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "qc_rules_out_id_idx" ON "qc_rules" USING btree ("organization_id","rule_out_id");--> statement-breakpoint
CREATE INDEX "qc_rules_category_idx" ON "qc_rules" USING btree ("organization_id","category_id");--> statement-breakpoint
CREATE INDEX "qc_schemes_list_idx" ON "qc_schemes" USING btree ("organization_id","deleted","target_type","modify_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "qc_schemes_status_idx" ON "qc_schemes" USING btree ("organization_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_results_session_scheme_uq" ON "ai_results" USING btree ("session_ref","scheme_id");--> statement-breakpoint
CREATE INDEX "ai_results_org_begin_idx" ON "ai_results" USING btree ("organization_id","deleted","session_begin_time");--> statement-breakpoint
CREATE INDEX "ai_results_org_close_idx" ON "ai_results" USING btree ("organization_id","deleted","close_time");--> statement-breakpoint
CREATE INDEX "ai_results_org_modify_idx" ON "ai_results" USING btree ("organization_id","deleted","modify_time");--> statement-breakpoint
CREATE INDEX "ai_results_org_ai_score_idx" ON "ai_results" USING btree ("organization_id","ai_score");--> statement-breakpoint
CREATE INDEX "ai_results_org_review_score_idx" ON "ai_results" USING btree ("organization_id","review_score");--> statement-breakpoint
CREATE INDEX "ai_results_org_agent_idx" ON "ai_results" USING btree ("organization_id","agent_id");--> statement-breakpoint
CREATE INDEX "ai_results_org_scheme_idx" ON "ai_results" USING btree ("organization_id","scheme_id");--> statement-breakpoint
CREATE INDEX "ai_results_org_session_idx" ON "ai_results" USING btree ("organization_id","session_id");--> statement-breakpoint
CREATE INDEX "ai_results_group_ids_idx" ON "ai_results" USING gin ("group_ids");--> statement-breakpoint
CREATE INDEX "ai_results_censor_ban_ids_idx" ON "ai_results" USING gin ("censor_ban_ids");--> statement-breakpoint
CREATE UNIQUE INDEX "manual_results_session_scheme_uq" ON "manual_results" USING btree ("session_ref","scheme_id");--> statement-breakpoint
CREATE INDEX "manual_results_org_status_begin_idx" ON "manual_results" USING btree ("organization_id","deleted","manual_status","session_begin_time");--> statement-breakpoint
CREATE INDEX "manual_results_org_score_idx" ON "manual_results" USING btree ("organization_id","manual_score");--> statement-breakpoint
CREATE INDEX "manual_results_org_agent_idx" ON "manual_results" USING btree ("organization_id","agent_id");--> statement-breakpoint
CREATE INDEX "manual_results_org_scheme_idx" ON "manual_results" USING btree ("organization_id","scheme_id");--> statement-breakpoint
CREATE INDEX "manual_results_group_ids_idx" ON "manual_results" USING gin ("group_ids");--> statement-breakpoint
CREATE INDEX "qc_task_sessions_state_idx" ON "qc_task_sessions" USING btree ("task_id","state","session_ref");--> statement-breakpoint
CREATE INDEX "qc_task_sessions_session_idx" ON "qc_task_sessions" USING btree ("session_ref");--> statement-breakpoint
CREATE INDEX "qc_tasks_org_idx" ON "qc_tasks" USING btree ("organization_id","deleted","type","modify_time");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_session_seq_uq" ON "chat_messages" USING btree ("session_ref","seq");--> statement-breakpoint
CREATE INDEX "chat_messages_org_chat_idx" ON "chat_messages" USING btree ("organization_id","chat_id","send_time");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_sessions_org_session_uq" ON "chat_sessions" USING btree ("organization_id","session_id");--> statement-breakpoint
CREATE INDEX "chat_sessions_org_chat_idx" ON "chat_sessions" USING btree ("organization_id","chat_id");--> statement-breakpoint
CREATE INDEX "chat_sessions_org_line_status_idx" ON "chat_sessions" USING btree ("organization_id","line_id","status","id");--> statement-breakpoint
CREATE INDEX "chat_sessions_org_begin_idx" ON "chat_sessions" USING btree ("organization_id","begin_time");