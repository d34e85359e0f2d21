import { useState } from 'react';
import { Alert, Button, Flex, Form } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { DrawerContentProps } from '../../lib/drawer-registry.ts';
import type { ResourceFormData } from './resource-form-data.ts';
import type { ApiFailure } from '../../lib/api-failure.ts';
import { useSubmit } from '../../lib/use-submit.ts';
import { Link } from 'react-router';
import { feedback } from '../../lib/feedback.ts';
import { useAddressBuilder } from './address-inputs.tsx';
import { ccApi, ccKeys, type ResourceRecord } from './cc-api.ts';
import { useCcTranslation } from './cc-texts.ts';
import { FieldInput } from './field-input.tsx';
import { validationText } from './validation-text.ts';
import { acceptsNull, bodyOf, checkField, checkRecord, formValuesOf, type FormValues } from './wire-values.ts';

/**
 * The create and edit form of any resource, built from its descriptor: one control per field,
 * checked with the descriptor's zod schema before sending, the server's field errors shown on
 * the fields.
 */
export function ResourceForm({
  descriptor: d,
  record,
  preset,
  defaults,
  onDone,
  onCreated,
  candidateHref,
}: ResourceFormData & {
  onDone: () => void;
  /** A new record, as the server answered it (a page that opens it next). */
  onCreated?: (created: ResourceRecord) => void;
  /** Where a possible duplicate's name links to (a native organisation's profile). */
  candidateHref?: (id: string) => string;
}) {
  const { t } = useCcTranslation();
  const [form] = Form.useForm<FormValues>();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  // 409 possible_duplicate (descriptors with the `force` flag): what it looks like, and the body to send again forced.
  const [duplicates, setDuplicates] = useState<{ candidates: ApiFailure['candidates']; body: Record<string, unknown> } | null>(null);
  const country = Form.useWatch('country', form) as string | undefined;
  const currency = Form.useWatch('currency', form) as string | undefined;
  const names = d.fields.map((f) => f.name);
  // Addresses: country, subdivision, town, county and UN/LOCODE inputs fed by the address builder.
  const builder = useAddressBuilder(d.name, form);

  const save = useSubmit((body: Record<string, unknown>) => (record ? ccApi.update(d.name, record.id, body) : ccApi.create(d.name, body)), {
    success: t(record ? 'control_centre.saved' : 'control_centre.created'),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: ccKeys.resource(d.name) });
      void queryClient.invalidateQueries({ queryKey: ccKeys.summary });
      if (!record) onCreated?.(saved);
      onDone();
    },
    onFailure: (error, body) => {
      if (error.code === 'possible_duplicate' && d.createFlags?.includes('force')) setDuplicates({ candidates: error.candidates, body });
      else if (error.status === 403) setProblem(t('control_centre.not_allowed_action'));
      else {
        const fields = Object.entries(error.fields).filter(([name]) => names.includes(name));
        if (fields.length > 0) {
          form.setFields(
            fields.map(([name, message]) => ({
              name,
              errors: [error.code === 'duplicate' ? t('control_centre.duplicate_value') : validationText(message, 'server')],
            })),
          );
        } else if (error.status === 409 || error.status === 422 || error.status === 404) setProblem(error.message);
        else if (!error.notified) setProblem(t('errors.server'));
      }
      return true;
    },
  });
  const send = (body: Record<string, unknown>) => {
    setProblem(null);
    setDuplicates(null);
    save.submit(body);
  };

  const submit = (values: FormValues) => {
    const problems = Object.entries(checkRecord(d, values, record));
    if (problems.length > 0) {
      form.setFields(problems.map(([name, key]) => ({ name, errors: [validationText(key)] })));
      return;
    }
    const body = bodyOf(d, values, record);
    if (record && Object.keys(body).length === 0) {
      feedback().message.info(t('control_centre.no_changes'));
      onDone();
      return;
    }
    send(body);
  };

  return (
    <Form<FormValues>
      form={form}
      name={`cc-${d.name}`}
      layout="vertical"
      requiredMark="optional"
      initialValues={{ ...formValuesOf(d, record), ...(!record && { ...defaults, ...preset }) }}
      onFinish={submit}
      onValuesChange={builder?.onValuesChange}
      scrollToFirstError
    >
      {problem && <Alert type="error" showIcon title={problem} role="alert" style={{ marginBottom: 24 }} />}
      {duplicates && (
        <Alert
          type="warning"
          showIcon
          role="alert"
          style={{ marginBottom: 24 }}
          title={t('control_centre.possible_duplicate')}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {duplicates.candidates.map((c) => (
                <li key={c.id}>
                  {candidateHref ? <Link to={candidateHref(c.id)}>{c.name}</Link> : c.name} · {c.country}
                  {c.vat_number ? ` · ${c.vat_number}` : ''}
                </li>
              ))}
            </ul>
          }
          action={
            <Button size="small" onClick={() => send({ ...duplicates.body, force: true })}>
              {t('control_centre.create_anyway')}
            </Button>
          }
        />
      )}
      {d.fields.map((field) => (
        <Form.Item
          key={field.name}
          name={field.name}
          hidden={Boolean(preset?.[field.name])}
          label={t(field.labelKey)}
          required={field.required}
          extra={builder?.extra(field)}
          valuePropName="value"
          rules={[
            {
              validator: async (_rule, value: unknown) => {
                const key = checkField(d, field, value);
                if (key) throw new Error(validationText(key));
              },
            },
          ]}
        >
          {builder?.render(field, acceptsNull(d, field)) ?? (
            <FieldInput field={field} clearable={acceptsNull(d, field)} country={country} currency={currency} />
          )}
        </Form.Item>
      ))}
      <Flex gap={12}>
        <Button type="primary" htmlType="submit" loading={save.busy}>
          {t(record ? 'control_centre.save' : 'control_centre.create')}
        </Button>
        <Button onClick={onDone}>{t('control_centre.cancel')}</Button>
      </Flex>
    </Form>
  );
}

/** The drawer content that `openResourceForm` (open-resource-form.ts) loads on first use. */
export function ResourceFormDrawer({ data, close }: DrawerContentProps) {
  const { descriptor, record, preset, defaults } = data as ResourceFormData;
  // Keyed by record: opening another record starts a fresh form.
  return <ResourceForm key={record?.id ?? 'new'} descriptor={descriptor} record={record} preset={preset} defaults={defaults} onDone={close} />;
}

