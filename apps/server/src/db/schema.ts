import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Column types shared by SQLite and PostgreSQL. Times are ISO-8601 UTC strings and lists are JSON
 * text, so one set of queries reads the same values from both databases.
 */
export interface NgoTable {
  id: Generated<number>;
  name: string;
  darpan_id: string | null;
  description: string | null;
  mission: string | null;
  helpline: string | null;
  alt_helpline: string | null;
  facebook: string | null;
  linkedin: string | null;
  instagram: string | null;
  twitter: string | null;
  email: string | null;
  website: string | null;
  logo: string | null;
  reg_cert: Generated<string>;
  pan_card: Generated<string>;
  facility: Generated<string>;
  /** How far from its capture point (metres) an animal may be released without a reason. */
  release_threshold_m: Generated<number>;
  /** The public report page (migration 026): 1 when on. */
  public_page_enabled: Generated<number>;
  public_slug: string | null;
  /** A JSON list of 6-digit pincodes. */
  service_pincodes: Generated<string>;
  public_message: string | null;
  /** Where the NGO's runs may start (migration 025), when kept. */
  base_latitude: ColumnType<number | null, number | null | undefined, number | null>;
  base_longitude: ColumnType<number | null, number | null | undefined, number | null>;
  /** Months a closed case's reporter data is kept before the daily job anonymises it (migration 030). */
  retention_months: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface UserTable {
  id: Generated<number>;
  ngo_id: number | null;
  name: string;
  email: string;
  username: string;
  contact: string | null;
  role: string;
  password_hash: string;
  profile_image: string | null;
  verification_id: Generated<string>;
  /** A committee member's title, e.g. Municipal Veterinary Officer (migration 031); printed with their signature. */
  designation: string | null;
  deactivated_at: string | null;
  /** 'en' or 'hi' (docs/decisions/008). */
  language: Generated<string>;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface SessionTable {
  /** SHA-256 of the cookie token: a copy of the table does not give anyone a session. */
  id: string;
  user_id: number;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  /** Set when someone else ended the session (SessionEndReason): the row is then only a marker, read once. */
  ended_reason: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ImageTable {
  id: Generated<number>;
  ngo_id: number | null;
  file_name: string;
  field_name: string;
  content_type: string;
  byte_size: number;
  width: number;
  height: number;
  uploaded_by: number | null;
  created_at: string;
  /** The case that holds this image as an identity document, so that views of it are logged there. */
  case_id: number | null;
  /** The photo's perceptual hash (16 hex digits), for duplicate suggestions; null when kept before hashes were. */
  phash: string | null;
}

export interface IdempotencyKeyTable {
  user_id: number;
  key: string;
  route: string;
  status_code: number | null;
  /** The JSON answer as sent, once it has been sent. */
  response: string | null;
  created_at: string;
  /** SHA-256 of the request body as canonical JSON; null for a multipart upload or a key recorded before migration 019. */
  body_hash: string | null;
  /** The NGO its user acted in ('all' for an Admin); null for a key recorded before migration 019. */
  ngo_scope: string | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  actor_id: number | null;
  actor_role: string | null;
  ngo_id: number | null;
  entity: string;
  entity_id: string;
  action: string;
  /** JSON list of the names of the fields that changed. */
  fields: Generated<string>;
  /**
   * Case entries only: JSON [{ field, from, to }] with the old and new values (the case timeline).
   * Never passwords, session data or tokens: no case field holds one.
   */
  changes: string | null;
  /** The actor's name at the time (the role is in actor_role). */
  actor_name: string | null;
  /** When the change was made on the device, if it said so (X-Made-At: entered offline, sent later); `at` is its arrival. */
  made_at: Generated<string | null>;
  /**
   * Set once when retention or an erasure emptied the reporter fields' values in `changes`
   * ('retention:<day>' or 'erasure:<request id>'; migration 037, docs/decisions/024); null otherwise.
   */
  redacted: Generated<string | null>;
}

export interface ReporterTable {
  id: Generated<number>;
  ngo_id: number;
  name: string;
  contact: string;
  alternate_contact: string | null;
  email: string | null;
  verification_id: Generated<string>;
  created_by: number | null;
  created_at: string;
  updated_at: string;
  /** When the retention job emptied the contact details (migration 030); null while kept. */
  anonymised_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface VetTable {
  id: Generated<number>;
  ngo_id: number;
  name: string;
  reg_id: string;
  vet_certification: Generated<string>;
  verification_id: Generated<string>;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface SponsorTable {
  id: Generated<number>;
  ngo_id: number;
  name: string;
  type: string;
  amount: number;
  logo: string | null;
  start_date: string;
  end_date: string;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface CaseTable {
  id: Generated<number>;
  ngo_id: number;
  type: string;
  status: string;
  mortality: string;
  cause_of_failure: string | null;
  reporter_name: string | null;
  reporter_contact: string | null;
  reporter_alt_contact: string | null;
  reporter_email: string | null;
  location: string | null;
  landmark: string | null;
  pincode: string | null;
  reported_date: string | null;
  reported_time: string | null;
  pickup_date: string | null;
  pickup_time: string | null;
  consent_form_image: Generated<string>;
  verification_id_front_image: string | null;
  verification_id_back_image: string | null;
  reporting_modified_by: string | null;
  unique_id: string | null;
  animal_species: string | null;
  animal_breed: string | null;
  animal_age: string | null;
  animal_temperament: string | null;
  animal_gender: string | null;
  animal_pregnant: string | null;
  animal_marking: string | null;
  animal_color: string | null;
  animal_catchable: string | null;
  animal_weight: number | null;
  admission_reason: string | null;
  animal_pictures: Generated<string>;
  animal_modified_by: string | null;
  medical_history: string | null;
  vaccination_status: string | null;
  dewormed: string | null;
  fit_for_surgery: string | null;
  other_details: string | null;
  admission_date: string | null;
  feeding_record_image: Generated<string>;
  blood_report_image: Generated<string>;
  medical_modified_by: string | null;
  vet_name: string | null;
  /** The vet chosen from the NGO's directory; null when the name was typed (migration 021). */
  vet_id: number | null;
  operation_date: string | null;
  operation_start_time: string | null;
  operation_end_time: string | null;
  operation_outcome: string | null;
  medical_prescription_image: Generated<string>;
  treatment_record_image: Generated<string>;
  organ_image: Generated<string>;
  operation_modified_by: string | null;
  pop_comment: string | null;
  pop_facility: string | null;
  pop_expected_days: number | null;
  pop_start_date: string | null;
  pop_end_date: string | null;
  release_date: string | null;
  comments: string | null;
  pop_pictures: Generated<string>;
  release_pictures: Generated<string>;
  euthanized: string | null;
  pop_location: string | null;
  post_operation_modified_by: string | null;
  // ABC programme records (migration 009).
  capture_latitude: number | null;
  capture_longitude: number | null;
  capture_accuracy: number | null;
  capture_source: string | null;
  capture_date: string | null;
  capture_time: string | null;
  /** JSON list of user ids. */
  catching_squad: Generated<string>;
  ward_zone: string | null;
  collar_tag: string | null;
  ear_notch: string | null;
  /** Phonetic keys of the reporter name, location and landmark, for the word index (migration 022). */
  reporter_name_keys: string | null;
  location_keys: string | null;
  landmark_keys: string | null;
  animal_lactating: string | null;
  unfit_reason: string | null;
  unfit_notes: string | null;
  vaccine_name: string | null;
  vaccine_batch: string | null;
  vaccine_expiry: string | null;
  vaccination_date: string | null;
  surgery_cancelled: string | null;
  cancel_reason: string | null;
  release_latitude: number | null;
  release_longitude: number | null;
  release_accuracy: number | null;
  release_time: string | null;
  release_override_reason: string | null;
  death_date: string | null;
  death_timing: string | null;
  death_cause: string | null;
  post_mortem_notes: string | null;
  /** Worked out by the server: metres between capture and release, and 1 when beyond the NGO's limit. */
  release_distance_m: number | null;
  release_flagged: Generated<number>;
  created_by: number | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  deleted_by: number | null;
  client_key: string | null;
  /** 'Yes' or 'No' once asked: the privacy notice read to the reporter, and their consent to be contacted (migration 024). */
  privacy_notice_given: ColumnType<string | null, string | null | undefined, string | null>;
  contact_consent: ColumnType<string | null, string | null | undefined, string | null>;
  /** Set by the server when the notice is recorded: PRIVACY_NOTICE_VERSION and the time. */
  privacy_notice_version: ColumnType<string | null, string | null | undefined, string | null>;
  privacy_notice_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the retention job emptied the reporter's name and contact details (migration 030); null while kept. */
  reporter_anonymised_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface CasePostOpDayTable {
  id: Generated<number>;
  ngo_id: number;
  case_id: number;
  day_number: number;
  log_date: string | null;
  wound_state: string | null;
  appetite: string | null;
  temperature: number | null;
  medication: string | null;
  notes: string | null;
  /** JSON list of stored image names. */
  photos: Generated<string>;
  created_by: number | null;
  created_at: string;
  updated_by: number | null;
  updated_at: string;
}

export interface CaseCountTable {
  ngo_id: number;
  type: string;
  status: string;
  n: number;
}

/** The map's open cases counted per grid square, kept by triggers (migration 041, docs/decisions/034). */
export interface CaseMapSquareTable {
  ngo_id: number;
  level: number;
  x: number;
  y: number;
  type: string;
  status: string;
  n: number;
  /** Sums of the points' coordinates in whole 1e-7 degrees, and of their ids. */
  lat_sum: number | string;
  lon_sum: number | string;
  id_sum: number | string;
  since: string | null;
}

export interface CaseListVersionTable {
  ngo_id: number;
  version: number;
}

/** A day's catching or release run of an NGO (migration 025). */
export interface RunTable {
  id: Generated<number>;
  ngo_id: number;
  run_date: string;
  kind: string;
  status: string;
  squad: Generated<string>;
  vehicle: string | null;
  locality: string | null;
  start_source: string;
  start_latitude: number;
  start_longitude: number;
  total_m: number;
  started_at: string | null;
  ended_at: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

/** A stop of a run: a case, the point it was planned at, and the crew's mark. */
export interface RunStopTable {
  id: Generated<number>;
  ngo_id: number;
  run_id: number;
  position: number;
  case_id: number;
  latitude: number;
  longitude: number;
  mark: Generated<string>;
  reason: string | null;
  marked_date: string | null;
  marked_time: string | null;
  mark_latitude: number | null;
  mark_longitude: number | null;
  mark_accuracy: number | null;
  marked_by: number | null;
  marked_at: string | null;
}

/** A report a citizen sent through an NGO's public page (migration 026, docs/citizen-reports.md). */
export interface CitizenReportTable {
  id: Generated<number>;
  ngo_id: number;
  /** SHA-256 (hex) of the tracking token; the token itself is only in the citizen's link. */
  token_hash: string;
  code: string;
  status: Generated<string>;
  latitude: number | null;
  longitude: number | null;
  accuracy_m: number | null;
  address: string | null;
  pincode: string | null;
  outside_area: Generated<number>;
  animal_type: string;
  condition: string;
  description: string | null;
  reporter_name: string;
  reporter_phone: string;
  language: string;
  consent_notice_version: string;
  consent_at: string;
  /** A JSON list of stored image names, in the NGO's area. */
  photos: Generated<string>;
  decline_reason: string | null;
  decided_at: string | null;
  decided_by: number | null;
  case_id: number | null;
  reporter_id: number | null;
  created_at: string;
  updated_at: string;
  /** When the retention job emptied the reporter's name and phone (migration 030); null while kept. */
  reporter_anonymised_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Notices (migration 029): the channel the reporter chose (sms or whatsapp), null for none. */
  notice_channel: ColumnType<string | null, string | null | undefined, string | null>;
  /** The phone's last ten digits, to match a provider's STOP reply. */
  notice_phone: ColumnType<string | null, string | null | undefined, string | null>;
  /** The tracking token sealed (AES-256-GCM) for the notices' links; null without notices. */
  notice_link_sealed: ColumnType<string | null, string | null | undefined, string | null>;
  notices_stopped_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** 'link' (the tracking page) or 'reply' (a provider's inbound STOP). */
  notices_stopped_via: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One notice to a citizen reporter: a report's milestone, queued once (migration 029, docs/decisions/023). */
export interface NoticeTable {
  id: Generated<number>;
  ngo_id: number;
  report_id: number;
  milestone: string;
  channel: string;
  language: string;
  status: Generated<string>;
  attempts: Generated<number>;
  next_attempt_at: string;
  lease_owner: string | null;
  lease_until: string | null;
  /** Sent to the provider with every attempt, so a retried send is recognised as the same one. */
  idempotency_key: string;
  provider: string | null;
  provider_id: string | null;
  last_error: string | null;
  sent_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A scheduled job's run for one NGO and day, claimed once across server instances (migration 030). */
export interface JobRunTable {
  id: Generated<number>;
  job: string;
  ngo_id: number;
  day: string;
  started_at: string;
  result: string | null;
}

/** An access or erasure request about one person (migration 030b, docs/privacy.md#requests). */
export interface DataRequestTable {
  id: Generated<number>;
  ngo_id: number;
  kind: string;
  received_on: string;
  due_on: string;
  subject_phone: string | null;
  subject_name: string | null;
  done_on: string | null;
  handled_by: number | null;
  handled_by_name: string | null;
  reason: string | null;
  outcome: string | null;
  created_by: number;
  created_at: string;
  updated_at: string;
}

/** A personal-data breach, from its discovery (migration 030c, docs/privacy.md#breaches). */
export interface BreachTable {
  id: Generated<number>;
  ngo_id: number;
  discovered_at: string;
  what_happened: string;
  data_affected: string;
  people_affected: string;
  people_count: number | null;
  reported_at: string | null;
  created_by: number;
  created_at: string;
  updated_at: string;
}

/** Who saw personal data in full, when, and why (docs/privacy.md); kept at least a year. */
export interface AccessLogTable {
  id: Generated<number>;
  at: string;
  ngo_id: number | null;
  actor_id: number | null;
  actor_name: string | null;
  actor_role: string | null;
  record_type: string;
  record_id: string;
  field: string;
  reason: string;
}

/** An NGO's ward or locality, where coverage surveys are walked (docs/coverage.md). */
export interface WardTable {
  id: Generated<number>;
  ngo_id: number;
  name: string;
  pincode: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface SurveyTable {
  id: Generated<number>;
  ngo_id: number;
  ward_id: number;
  /** The id the phone gave the survey: a survey sent again (offline, a lost answer) is found by it. */
  uid: string;
  survey_date: string;
  route_note: string | null;
  surveyor_id: number;
  created_at: string;
  updated_at: string;
}

export interface SurveySightingTable {
  id: Generated<number>;
  survey_id: number;
  uid: string;
  /** 1 when the dog was ear-notched (sterilised), 0 when not. */
  notched: number;
  /** 1 when a collar or paint showed it vaccinated. */
  vaccinated: Generated<number>;
  latitude: number | null;
  longitude: number | null;
  accuracy_m: number | null;
  photo: string | null;
  seen_at: string;
  created_by: number | null;
  created_at: string;
}

/** An NGO's medicine, vaccine or other stock item (docs/stock.md). */
export interface StockItemTable {
  id: Generated<number>;
  ngo_id: number;
  name: string;
  kind: string;
  unit: string;
  reorder_level: number | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

/** A batch of an item as received; what is left of it is the sum of its movements. */
export interface StockBatchTable {
  id: Generated<number>;
  ngo_id: number;
  item_id: number;
  batch_no: string;
  expiry_date: string;
  supplier: string | null;
  received_on: string;
  /** The whole batch's cost in paise (₹1 = 100 paise), so no amount is rounded. */
  cost_paise: number | null;
  quantity_received: number;
  created_by: number | null;
  created_at: string;
}

/** One change of a batch's stock, signed: received (+), used (-), adjusted (either, with a reason). */
export interface StockMovementTable {
  id: Generated<number>;
  ngo_id: number;
  batch_id: number;
  kind: string;
  quantity: number;
  reason: string | null;
  note: string | null;
  case_id: number | null;
  uid: string;
  occurred_on: string;
  created_by: number;
  created_at: string;
  /** The line of a case step this use belongs to (migration 032); null for a use not recorded with a step. */
  line_uid: string | null;
  /** The case step that recorded it: medicalDetail or operationDetail. */
  case_step: string | null;
}

/** A version of an NGO's monthly ABC report as signed (migration 031, docs/reports.md#signing-the-monthly-report). */
export interface ReportVersionTable {
  id: Generated<number>;
  public_id: string;
  ngo_id: number;
  month: string;
  version: number;
  /** The report as canonical JSON: what the hash is of. */
  content: string;
  content_hash: string;
  /** JSON: the figures that differ from the version before. */
  changes: string;
  created_by: number;
  created_at: string;
}

export interface ReportSignatureTable {
  id: Generated<number>;
  version_id: number;
  ngo_id: number;
  slot: string;
  user_id: number;
  name: string;
  designation: string;
  content_hash: string;
  signed_at: string;
}

/** A comment or photo a reporter added to an open report from its tracking page (migration 036). */
export interface CitizenReportAdditionTable {
  id: Generated<number>;
  ngo_id: number;
  report_id: number;
  comment: string | null;
  /** A stored image's name in the NGO's area, as the report's own photos. */
  photo: string | null;
  created_at: string;
  /** The public page's key for what it sent, so a resend is kept once (migration 043); null from pages without one. */
  send_key: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface DB {
  report_versions: ReportVersionTable;
  report_signatures: ReportSignatureTable;
  case_counts: CaseCountTable;
  case_list_versions: CaseListVersionTable;
  case_map_squares: CaseMapSquareTable;
  cases: CaseTable;
  case_post_op_days: CasePostOpDayTable;
  reporters: ReporterTable;
  vets: VetTable;
  sponsors: SponsorTable;
  ngos: NgoTable;
  citizen_reports: CitizenReportTable;
  citizen_report_additions: CitizenReportAdditionTable;
  notices: NoticeTable;
  users: UserTable;
  sessions: SessionTable;
  images: ImageTable;
  audit_log: AuditLogTable;
  idempotency_keys: IdempotencyKeyTable;
  wards: WardTable;
  surveys: SurveyTable;
  survey_sightings: SurveySightingTable;
  stock_items: StockItemTable;
  stock_batches: StockBatchTable;
  stock_movements: StockMovementTable;
  access_log: AccessLogTable;
  job_runs: JobRunTable;
  data_requests: DataRequestTable;
  breaches: BreachTable;
  runs: RunTable;
  run_stops: RunStopTable;
}

export type NgoRow = Selectable<NgoTable>;
export type NoticeRow = Selectable<NoticeTable>;
export type NewNgoRow = Insertable<NgoTable>;
export type UserRow = Selectable<UserTable>;
export type ReportVersionRow = Selectable<ReportVersionTable>;
export type ReportSignatureRow = Selectable<ReportSignatureTable>;
export type NewUserRow = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
export type ImageRow = Selectable<ImageTable>;
export type CaseRow = Selectable<CaseTable>;
export type NewCaseRow = Insertable<CaseTable>;
export type CaseUpdate = Updateable<CaseTable>;
export type NgoUpdate = Updateable<NgoTable>;
export type ReporterRow = Selectable<ReporterTable>;
export type NewReporterRow = Insertable<ReporterTable>;
export type ReporterUpdate = Updateable<ReporterTable>;
export type VetRow = Selectable<VetTable>;
export type NewVetRow = Insertable<VetTable>;
export type VetUpdate = Updateable<VetTable>;
export type SponsorRow = Selectable<SponsorTable>;
export type NewSponsorRow = Insertable<SponsorTable>;
export type SponsorUpdate = Updateable<SponsorTable>;
export type NewImageRow = Insertable<ImageTable>;
export type PostOpDayRow = Selectable<CasePostOpDayTable>;
export type NewPostOpDayRow = Insertable<CasePostOpDayTable>;
export type PostOpDayUpdate = Updateable<CasePostOpDayTable>;
export type WardRow = Selectable<WardTable>;
export type SurveyRow = Selectable<SurveyTable>;
export type SurveySightingRow = Selectable<SurveySightingTable>;
export type StockItemRow = Selectable<StockItemTable>;
export type StockBatchRow = Selectable<StockBatchTable>;
export type StockMovementRow = Selectable<StockMovementTable>;
export type RunRow = Selectable<RunTable>;
export type RunStopRow = Selectable<RunStopTable>;
export type CitizenReportRow = Selectable<CitizenReportTable>;
export type CitizenReportAdditionRow = Selectable<CitizenReportAdditionTable>;
export type DataRequestRow = Selectable<DataRequestTable>;
export type BreachRow = Selectable<BreachTable>;
