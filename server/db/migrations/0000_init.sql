CREATE TABLE "app_meta" (
	"key" varchar(80) NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "app_meta_key_pk" PRIMARY KEY("key")
);
--> statement-breakpoint
CREATE TABLE "claim_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_evento" integer NOT NULL,
	"tipo" smallint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"storage_key" text NOT NULL,
	"nombre" varchar(255) NOT NULL,
	"size" integer NOT NULL,
	"comentario" varchar(1000),
	"uploaded_by" varchar(40) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claim_letters" (
	"id_evento" integer PRIMARY KEY NOT NULL,
	"fecha_ingreso" date,
	"nombre_medico" varchar(200),
	"tipo_servicio" smallint,
	"tipo_atencion" smallint,
	"tipo_atencion2" smallint,
	"tipo_padecimiento" smallint,
	"diagnostico" varchar(1000),
	"observaciones" varchar(1000),
	"deducible_hospital" numeric(12, 2),
	"coaseguro_hospital" numeric(12, 2),
	"medico_esp" varchar(200),
	"medico_procedimiento" varchar(300),
	"medico_monto" numeric(12, 2),
	"medico_honorarios_asegurado" numeric(12, 2),
	"vigencia_desde" date,
	"vigencia_hasta" date,
	"limite_facturacion" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claim_statuses" (
	"id" smallint PRIMARY KEY NOT NULL,
	"value" varchar(80) NOT NULL,
	"final" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claims" (
	"id_evento" serial PRIMARY KEY NOT NULL,
	"id_colaborador" integer NOT NULL,
	"id_cobertura" integer NOT NULL,
	"id_ejecutivo" integer NOT NULL,
	"id_proveedor" integer,
	"servicio_id" integer,
	"status_id" smallint NOT NULL,
	"beneficiary" varchar(200) NOT NULL,
	"email" varchar(254) NOT NULL,
	"phone" varchar(10) NOT NULL,
	"age" smallint NOT NULL,
	"gender" smallint NOT NULL,
	"state_id" integer NOT NULL,
	"city_id" integer NOT NULL,
	"monto_autorizado" numeric(12, 2) NOT NULL,
	"tipo" varchar(20) DEFAULT 'Digital' NOT NULL,
	"fecha_ingreso" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collaborators" (
	"id_colaborador" integer PRIMARY KEY NOT NULL,
	"nombre" varchar(120) NOT NULL,
	"nombre2" varchar(120) DEFAULT '' NOT NULL,
	"ape_pat" varchar(120) DEFAULT '' NOT NULL,
	"ape_mat" varchar(120) DEFAULT '' NOT NULL,
	"email" varchar(254) DEFAULT '' NOT NULL,
	"telefono" varchar(10) DEFAULT '' NOT NULL,
	"edad" smallint,
	"genero" smallint,
	"estado_id" integer,
	"municipio_id" integer
);
--> statement-breakpoint
CREATE TABLE "coverages" (
	"id_cobertura" serial PRIMARY KEY NOT NULL,
	"id_colaborador" integer NOT NULL,
	"descripcion" varchar(200) NOT NULL,
	"monto" numeric(12, 2) NOT NULL,
	"show_cta_btn" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dictaminations" (
	"id_evento" integer PRIMARY KEY NOT NULL,
	"storage_key" text NOT NULL,
	"nombre" varchar(255) NOT NULL,
	"dictaminacion" smallint NOT NULL,
	"comentario" varchar(1000),
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id_factura" serial PRIMARY KEY NOT NULL,
	"id_evento" integer NOT NULL,
	"id_proveedor" integer NOT NULL,
	"storage_key" text NOT NULL,
	"nombre" varchar(255) NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"comentario" varchar(1000),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" varchar(254) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "municipalities" (
	"id" serial PRIMARY KEY NOT NULL,
	"state_id" integer NOT NULL,
	"code" integer NOT NULL,
	"nombre" varchar(160) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "neighbourhoods" (
	"id" serial PRIMARY KEY NOT NULL,
	"municipality_id" integer NOT NULL,
	"nombre" varchar(200) NOT NULL,
	"codigo_postal" varchar(5) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "providers" (
	"id_proveedor" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"tipo" smallint NOT NULL,
	"nombre_proveedor" varchar(200) NOT NULL,
	"nivel" varchar(120),
	"tipo_especialidad" varchar(120),
	"especialidad" varchar(120),
	"estudio" varchar(200),
	"costo_normal" numeric(12, 2),
	"servicio_id" integer,
	"contrato" smallint,
	"contrato_year" integer,
	"contrato_estatus" smallint,
	"horarios" varchar(200) NOT NULL,
	"telefono1" varchar(10) NOT NULL,
	"telefono2" varchar(10),
	"codigo_postal" integer NOT NULL,
	"estado_id" integer NOT NULL,
	"municipio_id" integer NOT NULL,
	"colonia_id" integer NOT NULL,
	"calle" varchar(200) NOT NULL,
	"numero_exterior" integer NOT NULL,
	"numero_interior" varchar(20),
	"email" varchar(254) NOT NULL,
	"observaciones" varchar(500) NOT NULL,
	"puntos_importantes" varchar(500),
	"activo" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" varchar(160) NOT NULL,
	"tipo" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "states" (
	"id" integer PRIMARY KEY NOT NULL,
	"nombre" varchar(120) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_evento" integer NOT NULL,
	"status_id" smallint NOT NULL,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id_user" serial PRIMARY KEY NOT NULL,
	"email" varchar(254) NOT NULL,
	"password_hash" text NOT NULL,
	"rol" smallint NOT NULL,
	"nombre" varchar(120) NOT NULL,
	"nombre2" varchar(120) DEFAULT '' NOT NULL,
	"ape_pat" varchar(120) DEFAULT '' NOT NULL,
	"ape_mat" varchar(120) DEFAULT '' NOT NULL,
	"telefono" varchar(10) DEFAULT '' NOT NULL,
	"activo" smallint DEFAULT 0 NOT NULL,
	"ubicacion_laboral" varchar(120) DEFAULT '' NOT NULL,
	"foto_key" text,
	"token_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "claim_files" ADD CONSTRAINT "claim_files_id_evento_claims_id_evento_fk" FOREIGN KEY ("id_evento") REFERENCES "public"."claims"("id_evento") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_letters" ADD CONSTRAINT "claim_letters_id_evento_claims_id_evento_fk" FOREIGN KEY ("id_evento") REFERENCES "public"."claims"("id_evento") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_id_colaborador_collaborators_id_colaborador_fk" FOREIGN KEY ("id_colaborador") REFERENCES "public"."collaborators"("id_colaborador") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_id_cobertura_coverages_id_cobertura_fk" FOREIGN KEY ("id_cobertura") REFERENCES "public"."coverages"("id_cobertura") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_id_ejecutivo_users_id_user_fk" FOREIGN KEY ("id_ejecutivo") REFERENCES "public"."users"("id_user") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_id_proveedor_providers_id_proveedor_fk" FOREIGN KEY ("id_proveedor") REFERENCES "public"."providers"("id_proveedor") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_servicio_id_services_id_fk" FOREIGN KEY ("servicio_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_status_id_claim_statuses_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."claim_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_city_id_municipalities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."municipalities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collaborators" ADD CONSTRAINT "collaborators_estado_id_states_id_fk" FOREIGN KEY ("estado_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collaborators" ADD CONSTRAINT "collaborators_municipio_id_municipalities_id_fk" FOREIGN KEY ("municipio_id") REFERENCES "public"."municipalities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coverages" ADD CONSTRAINT "coverages_id_colaborador_collaborators_id_colaborador_fk" FOREIGN KEY ("id_colaborador") REFERENCES "public"."collaborators"("id_colaborador") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dictaminations" ADD CONSTRAINT "dictaminations_id_evento_claims_id_evento_fk" FOREIGN KEY ("id_evento") REFERENCES "public"."claims"("id_evento") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dictaminations" ADD CONSTRAINT "dictaminations_created_by_users_id_user_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id_user") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_id_evento_claims_id_evento_fk" FOREIGN KEY ("id_evento") REFERENCES "public"."claims"("id_evento") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_id_proveedor_providers_id_proveedor_fk" FOREIGN KEY ("id_proveedor") REFERENCES "public"."providers"("id_proveedor") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipalities" ADD CONSTRAINT "municipalities_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "neighbourhoods" ADD CONSTRAINT "neighbourhoods_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_user_id_users_id_user_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id_user") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_servicio_id_services_id_fk" FOREIGN KEY ("servicio_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_estado_id_states_id_fk" FOREIGN KEY ("estado_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_municipio_id_municipalities_id_fk" FOREIGN KEY ("municipio_id") REFERENCES "public"."municipalities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_colonia_id_neighbourhoods_id_fk" FOREIGN KEY ("colonia_id") REFERENCES "public"."neighbourhoods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_history" ADD CONSTRAINT "status_history_id_evento_claims_id_evento_fk" FOREIGN KEY ("id_evento") REFERENCES "public"."claims"("id_evento") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_history" ADD CONSTRAINT "status_history_status_id_claim_statuses_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."claim_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "claim_files_evento_tipo_uq" ON "claim_files" USING btree ("id_evento","tipo");--> statement-breakpoint
CREATE INDEX "claims_colaborador_idx" ON "claims" USING btree ("id_colaborador");--> statement-breakpoint
CREATE INDEX "claims_cobertura_idx" ON "claims" USING btree ("id_cobertura");--> statement-breakpoint
CREATE INDEX "claims_ejecutivo_idx" ON "claims" USING btree ("id_ejecutivo");--> statement-breakpoint
CREATE INDEX "claims_proveedor_idx" ON "claims" USING btree ("id_proveedor");--> statement-breakpoint
CREATE INDEX "claims_status_idx" ON "claims" USING btree ("status_id");--> statement-breakpoint
CREATE INDEX "claims_fecha_idx" ON "claims" USING btree ("fecha_ingreso");--> statement-breakpoint
CREATE INDEX "collaborators_nombre_idx" ON "collaborators" USING btree ("nombre","ape_pat");--> statement-breakpoint
CREATE INDEX "coverages_colaborador_idx" ON "coverages" USING btree ("id_colaborador");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_evento_uq" ON "invoices" USING btree ("id_evento");--> statement-breakpoint
CREATE INDEX "invoices_proveedor_idx" ON "invoices" USING btree ("id_proveedor");--> statement-breakpoint
CREATE INDEX "login_failures_email_idx" ON "login_failures" USING btree ("email","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "municipalities_state_code_uq" ON "municipalities" USING btree ("state_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "neighbourhoods_mun_name_cp_uq" ON "neighbourhoods" USING btree ("municipality_id","nombre","codigo_postal");--> statement-breakpoint
CREATE UNIQUE INDEX "providers_user_uq" ON "providers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "providers_servicio_idx" ON "providers" USING btree ("servicio_id");--> statement-breakpoint
CREATE INDEX "providers_nombre_idx" ON "providers" USING btree ("nombre_proveedor");--> statement-breakpoint
CREATE INDEX "status_history_evento_idx" ON "status_history" USING btree ("id_evento","fecha");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_rol_idx" ON "users" USING btree ("rol");--> statement-breakpoint
CREATE INDEX "users_nombre_idx" ON "users" USING btree ("nombre");