import { defineResource } from './descriptor.ts';
import { QUOTE_MODES } from '../quotes/model.ts';
import { DOCUMENT_TYPES, TASK_ANCHORS, TASK_SUBJECTS } from '../operations/model.ts';
import { TASK_PRIORITIES } from './work-records.ts';

export const DOCUMENT_LANGUAGES = ['de', 'en', 'es', 'fr', 'ja', 'ro', 'ru', 'zh'] as const;

/**
 * The control centre's task templates (`tasks`): the checklist of a mode, attached to each new
 * booking or shipment, due a number of days from its creation, ETD or ETA.
 */
export const taskTemplates = defineResource({
  name: 'task-templates',
  titleKey: 'resources.task_templates.title',
  permissionModule: 'control_centre',
  fields: [
    { name: 'title', kind: 'text', labelKey: 'resources.tasks.task_title', required: true },
    { name: 'description', kind: 'textarea', labelKey: 'resources.fields.description' },
    { name: 'mode', kind: 'enum', labelKey: 'resources.task_templates.mode', options: QUOTE_MODES },
    { name: 'attach_to', kind: 'enum', labelKey: 'resources.task_templates.attach_to', required: true, options: TASK_SUBJECTS },
    { name: 'anchor', kind: 'enum', labelKey: 'resources.task_templates.anchor', required: true, options: TASK_ANCHORS },
    { name: 'offset_days', kind: 'number', labelKey: 'resources.task_templates.offset_days' },
    { name: 'priority', kind: 'enum', labelKey: 'resources.tasks.priority', options: TASK_PRIORITIES },
    { name: 'assignee_user_id', kind: 'reference', labelKey: 'resources.tasks.assignee', reference: 'staff' },
    { name: 'active', kind: 'boolean', labelKey: 'resources.reference_lists.active' },
  ],
  columns: ['title', 'mode', 'attach_to', 'anchor', 'offset_days', 'assignee_user_id', 'active'],
  sortable: ['title', 'attach_to', 'created_at'],
  filterable: ['mode', 'attach_to', 'active'],
  searchable: ['title', 'description'],
  defaultSort: 'title',
  display: 'title',
});

/** Per document type: the language of its labels, accent colour, terms and which parts it shows (/documents/template). */
export const documentTemplates = defineResource({
  name: 'document-templates',
  titleKey: 'resources.document_templates.title',
  permissionModule: 'documents',
  fields: [
    { name: 'type', kind: 'enum', labelKey: 'resources.document_templates.type', required: true, options: DOCUMENT_TYPES },
    { name: 'language', kind: 'enum', labelKey: 'resources.document_templates.language', options: DOCUMENT_LANGUAGES },
    { name: 'accent_colour', kind: 'text', labelKey: 'resources.document_templates.accent_colour' },
    { name: 'terms', kind: 'textarea', labelKey: 'resources.document_templates.terms' },
    { name: 'show_logo', kind: 'boolean', labelKey: 'resources.document_templates.show_logo' },
    { name: 'show_parties', kind: 'boolean', labelKey: 'resources.document_templates.show_parties' },
    { name: 'show_containers', kind: 'boolean', labelKey: 'resources.document_templates.show_containers' },
    { name: 'show_charges', kind: 'boolean', labelKey: 'resources.document_templates.show_charges' },
    { name: 'show_notes', kind: 'boolean', labelKey: 'resources.document_templates.show_notes' },
  ],
  columns: ['type', 'language', 'accent_colour', 'show_logo', 'show_parties', 'show_containers', 'show_charges'],
  sortable: ['type', 'created_at'],
  filterable: ['type', 'language'],
  searchable: ['type', 'terms'],
  defaultSort: 'type',
  display: 'type',
  unique: [['type']],
});

/**
 * The checklists every new organisation starts with (control centre › tasks; editable): what a
 * forwarder's operations desk does for each booking and shipment, due from its creation, ETD or ETA.
 */
export const STANDARD_TASK_TEMPLATES = [
  { title: 'Check the booking against the quotation and send it to the carrier', attach_to: 'booking', anchor: 'created', offset_days: 0, mode: null, priority: 'high' },
  { title: 'Collect the VGM and send it to the carrier', attach_to: 'shipment', anchor: 'etd', offset_days: -3, mode: 'sea_fcl', priority: 'high' },
  { title: 'Issue the house bill of lading draft for the shipper’s approval', attach_to: 'shipment', anchor: 'etd', offset_days: -2, mode: 'sea_fcl', priority: 'normal' },
  { title: 'Issue the house bill of lading draft for the shipper’s approval', attach_to: 'shipment', anchor: 'etd', offset_days: -2, mode: 'sea_lcl', priority: 'normal' },
  { title: 'Send the arrival notice to the consignee', attach_to: 'shipment', anchor: 'eta', offset_days: -3, mode: 'sea_fcl', priority: 'normal' },
  { title: 'Send the arrival notice to the consignee', attach_to: 'shipment', anchor: 'eta', offset_days: -3, mode: 'sea_lcl', priority: 'normal' },
  { title: 'Book the haulier for delivery within free time', attach_to: 'shipment', anchor: 'eta', offset_days: 0, mode: 'sea_fcl', priority: 'high' },
  { title: 'Confirm the flight and issue the house air waybill', attach_to: 'shipment', anchor: 'etd', offset_days: -1, mode: 'air', priority: 'high' },
  { title: 'Send the arrival notice to the consignee', attach_to: 'shipment', anchor: 'eta', offset_days: 0, mode: 'air', priority: 'normal' },
  { title: 'Send the collection note to the haulier', attach_to: 'shipment', anchor: 'etd', offset_days: -1, mode: 'road_ftl', priority: 'normal' },
  { title: 'Get the signed CMR back (proof of delivery)', attach_to: 'shipment', anchor: 'eta', offset_days: 2, mode: 'road_ftl', priority: 'normal' },
  { title: 'Check costs against the quotation and sign the job off', attach_to: 'shipment', anchor: 'eta', offset_days: 7, mode: null, priority: 'normal' },
] as const;
