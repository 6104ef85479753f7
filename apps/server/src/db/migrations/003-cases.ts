import { type Kysely, sql } from 'kysely';
import { idColumn } from './helpers';

/**
 * Cases: one row per rescued animal, holding the case itself and its five detail steps as
 * columns. One wide row keeps the dashboard (reporter, location, status, creator) a single
 * indexed read, with no joins across five tables at a million cases.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cases')
    .$call(idColumn(db))
    .addColumn('ngo_id', 'integer', (c) => c.notNull().references('ngos.id'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('mortality', 'text', (c) => c.notNull())
    .addColumn('cause_of_failure', 'text')
    // reportingDetail
    .addColumn('reporter_name', 'text')
    .addColumn('reporter_contact', 'text')
    .addColumn('reporter_alt_contact', 'text')
    .addColumn('reporter_email', 'text')
    .addColumn('location', 'text')
    .addColumn('landmark', 'text')
    .addColumn('pincode', 'text')
    .addColumn('reported_date', 'text')
    .addColumn('reported_time', 'text')
    .addColumn('pickup_date', 'text')
    .addColumn('pickup_time', 'text')
    .addColumn('consent_form_image', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('verification_id_front_image', 'text')
    .addColumn('verification_id_back_image', 'text')
    .addColumn('reporting_modified_by', 'text')
    // animalDetail
    .addColumn('unique_id', 'text')
    .addColumn('animal_species', 'text')
    .addColumn('animal_breed', 'text')
    .addColumn('animal_age', 'text')
    .addColumn('animal_temperament', 'text')
    .addColumn('animal_gender', 'text')
    .addColumn('animal_pregnant', 'text')
    .addColumn('animal_marking', 'text')
    .addColumn('animal_color', 'text')
    .addColumn('animal_catchable', 'text')
    .addColumn('animal_weight', 'double precision')
    .addColumn('admission_reason', 'text')
    .addColumn('animal_pictures', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('animal_modified_by', 'text')
    // medicalDetail
    .addColumn('medical_history', 'text')
    .addColumn('vaccination_status', 'text')
    .addColumn('dewormed', 'text')
    .addColumn('fit_for_surgery', 'text')
    .addColumn('other_details', 'text')
    .addColumn('admission_date', 'text')
    .addColumn('feeding_record_image', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('blood_report_image', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('medical_modified_by', 'text')
    // operationDetail
    .addColumn('vet_name', 'text')
    .addColumn('operation_date', 'text')
    .addColumn('operation_start_time', 'text')
    .addColumn('operation_end_time', 'text')
    .addColumn('operation_outcome', 'text')
    .addColumn('medical_prescription_image', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('treatment_record_image', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('organ_image', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('operation_modified_by', 'text')
    // postOperationDetail
    .addColumn('pop_comment', 'text')
    .addColumn('pop_facility', 'text')
    .addColumn('pop_expected_days', 'integer')
    .addColumn('pop_start_date', 'text')
    .addColumn('pop_end_date', 'text')
    .addColumn('release_date', 'text')
    .addColumn('comments', 'text')
    .addColumn('pop_pictures', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('release_pictures', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('euthanized', 'text')
    .addColumn('pop_location', 'text')
    .addColumn('post_operation_modified_by', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .addColumn('deleted_by', 'integer')
    .execute();
  // The dashboard: newest first within an NGO and type, live cases only.
  await db.schema.createIndex('cases_ngo_type_id').on('cases').columns(['ngo_id', 'type', 'id']).where(sql.ref('deleted_at'), 'is', null).execute();
  await db.schema.createIndex('cases_ngo_id').on('cases').columns(['ngo_id', 'id']).where(sql.ref('deleted_at'), 'is', null).execute();
  await db.schema.createIndex('cases_ngo_status').on('cases').columns(['ngo_id', 'type', 'status']).where(sql.ref('deleted_at'), 'is', null).execute();
}

export async function down(): Promise<void> {
  throw new Error('003-cases cannot be reverted: restore from a backup instead.');
}
