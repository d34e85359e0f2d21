import type { PermissionModule } from './permissions.ts';

/**
 * How a field is shown and edited; the server only needs the zod schemas (schemas.ts). `number` is a JS number
 * (counts, days); `decimal` a rate or percentage carried as a decimal string ("1.2345"), never a float.
 */
export type FieldKind = 'text' | 'textarea' | 'number' | 'decimal' | 'money' | 'boolean' | 'date' | 'enum' | 'email' | 'url' | 'country' | 'currency' | 'reference' | 'permissions' | 'location';

export type ResourceField = {
  name: string;
  kind: FieldKind;
  /** i18n key of the label. */
  labelKey: string;
  required?: boolean;
  /** enum: the allowed values (labels under `<labelKey>_options.<value>`). */
  options?: readonly string[];
  /** reference: the resource it points to (same organisation; "staff" means a member), shown by its `display` field. */
  reference?: string;
};

/**
 * One record type of the product, described once (docs/architecture.md#resource-layer): the server mounts list, get,
 * create, update, delete and export under /api/<name>; the browser builds its table and form.
 */
export type ResourceDescriptor<N extends string = string> = {
  /** Plural kebab-case path segment, e.g. "charge-codes". */
  name: N;
  titleKey: string;
  permissionModule: PermissionModule;
  fields: readonly ResourceField[];
  /** Fields shown as table columns, in order. */
  columns: readonly string[];
  /** Not-null fields the list may sort by (keyset pagination needs them). */
  sortable: readonly string[];
  filterable: readonly string[];
  searchable: readonly string[];
  defaultSort: string;
  /** The field that names a record when others refer to it. */
  display: string;
  /** Sets of fields unique within an organisation (409 duplicate). */
  unique?: readonly (readonly string[])[];
  /** Switches of the create call that are no fields (`force`: create it even if it looks like a duplicate). */
  createFlags?: readonly string[];
  /** Fields the audit trail keeps only masked (account numbers): see maskAccount. */
  auditMasked?: readonly string[];
};

/** Keeps the literal name, so that maps keyed by resource (tables, hooks, fixtures) are checked against the registry. */
export const defineResource = <const N extends string>(d: ResourceDescriptor<N>) => d;
