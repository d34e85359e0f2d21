import type { z } from 'zod';
import { createSchemaOf } from '#shared/resources/schemas.ts';
import type { ResourceDescriptor, ResourceField } from '#shared/resources/descriptor.ts';
import type { ResourceRecord } from './cc-api.ts';

/** What a resource form holds: one value per field (dates as "2026-11-21", from a native date input). */
export type FormValues = Record<string, unknown>;

/** A form value as the API takes it; null when empty. */
export function wireOf(field: ResourceField, value: unknown): unknown {
  switch (field.kind) {
    case 'boolean':
      return Boolean(value);
    case 'number':
    case 'money': {
      if (value === null || value === undefined || value === '') return null;
      const n = typeof value === 'number' ? value : Number(value);
      return Number.isNaN(n) ? value : n;
    }
    case 'decimal': {
      // Rates and percentages stay decimal strings ("1.2345") all the way: never through a float.
      if (value === null || value === undefined) return null;
      const text = String(value).trim();
      return text === '' ? null : text;
    }
    case 'date':
      return typeof value === 'string' && value ? value.slice(0, 10) : null;
    case 'permissions':
      return Array.isArray(value) ? [...value].sort() : [];
    default: {
      if (value === null || value === undefined) return null;
      const text = String(value).trim();
      return text === '' ? null : text;
    }
  }
}

/** The form's starting values: the record's, or empty ones for a new record. */
export function formValuesOf(d: ResourceDescriptor, record: ResourceRecord | null): FormValues {
  const values: FormValues = {};
  for (const field of d.fields) {
    const v = record?.[field.name];
    switch (field.kind) {
      case 'boolean':
        values[field.name] = Boolean(v);
        break;
      case 'date':
        values[field.name] = typeof v === 'string' ? v.slice(0, 10) : '';
        break;
      case 'permissions':
        values[field.name] = Array.isArray(v) ? v : [];
        break;
      default:
        values[field.name] = v ?? undefined;
    }
  }
  return values;
}

const empty = (w: unknown) => w === null || (Array.isArray(w) && w.length === 0);

/**
 * The body to send. A new record gets every field that has a value (the API fills defaults);
 * a change gets only what differs from the record (PATCH takes any subset).
 */
export function bodyOf(d: ResourceDescriptor, values: FormValues, record: ResourceRecord | null): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of d.fields) {
    if (!(field.name in values)) continue;
    const w = wireOf(field, values[field.name]);
    if (!record) {
      if (!empty(w) || field.kind === 'permissions') body[field.name] = w;
      continue;
    }
    const before = wireOf(field, record[field.name]);
    if (JSON.stringify(before) !== JSON.stringify(w)) body[field.name] = w;
  }
  return body;
}

/** The zod schema of one field of the create body. */
export function fieldSchema(d: ResourceDescriptor, name: string): z.ZodType | undefined {
  return (createSchemaOf(d).shape as Record<string, z.ZodType>)[name];
}

/** Whether a field may be left empty (its schema takes null). */
export function acceptsNull(d: ResourceDescriptor, field: ResourceField): boolean {
  if (field.required) return false;
  const schema = fieldSchema(d, field.name);
  return schema ? schema.safeParse(null).success : true;
}

/**
 * Checks one value with the descriptor's schema: the validation key of the first problem
 * (`required` for an empty required field), or null.
 */
export function checkField(d: ResourceDescriptor, field: ResourceField, value: unknown): string | null {
  const w = wireOf(field, value);
  if (empty(w) && field.kind !== 'boolean' && field.kind !== 'permissions') return field.required ? 'required' : null;
  const schema = fieldSchema(d, field.name);
  if (!schema) return null;
  const result = schema.safeParse(w);
  return result.success ? null : (result.error.issues[0]?.message ?? 'invalid');
}

/**
 * Checks the whole body with the create schema (rules across fields, such as two different
 * currencies): field name → validation key.
 */
export function checkRecord(d: ResourceDescriptor, values: FormValues, record: ResourceRecord | null): Record<string, string> {
  const whole: Record<string, unknown> = {};
  for (const field of d.fields) {
    const w = wireOf(field, field.name in values ? values[field.name] : record?.[field.name]);
    if (!empty(w) || field.kind === 'permissions') whole[field.name] = w;
  }
  const result = createSchemaOf(d).safeParse(whole);
  if (result.success) return {};
  const problems: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const name = String(issue.path[0] ?? '');
    if (name && !problems[name]) problems[name] = issue.message;
  }
  return problems;
}
