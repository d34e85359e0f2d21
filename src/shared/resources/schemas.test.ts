import { describe, expect, it } from 'vitest';
import { RESOURCES } from './registry.ts';
import { RESOURCE_SCHEMAS, createSchemaOf } from './schemas.ts';

describe('resource create schemas', () => {
  it('has one schema per registered record type, taking exactly the fields its descriptor shows', () => {
    expect(Object.keys(RESOURCE_SCHEMAS).sort()).toEqual(RESOURCES.map((d) => d.name).sort());
    for (const d of RESOURCES) {
      expect(Object.keys(createSchemaOf(d).shape).sort(), d.name).toEqual([...d.fields.map((f) => f.name), ...(d.createFlags ?? [])].sort());
    }
  });

  it('refuses a name it does not know', () => {
    expect(() => createSchemaOf({ name: 'shipments' })).toThrow('No create schema for shipments');
  });
});
