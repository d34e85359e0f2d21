import { useMemo } from 'react';
import { Col, Form, Input, Row, Select, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { countryOptions } from '../../lib/countries.ts';
import { labelSearch } from '../../lib/label-search.ts';
import { LocationPicker } from '../../components/location-picker.tsx';
import { ORGANISATION_TYPE_KEYS, organisationRules, type OrganisationValues } from './organisation-rules.ts';

/** The fields of an organisation, for creating and editing it (inside an antd Form). */
export function OrganisationFields({
  form,
  initialLocation,
}: {
  form: FormInstance<OrganisationValues>;
  initialLocation?: { code: string; name: string } | null;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const countries = useMemo(() => countryOptions(language), [language]);
  const types = useMemo(
    () => ORGANISATION_TYPE_KEYS.map((key) => ({ value: key, label: t(`organisation.types.${key}`) })),
    [t],
  );
  const country = Form.useWatch('country', form);

  return (
    <>
      <Form.Item required name="name" label={t('organisation.name')} rules={organisationRules.name}>
        <Input autoComplete="organization" maxLength={160} />
      </Form.Item>
      <Form.Item
        required
        name="types"
        label={t('organisation.types_label')}
        rules={organisationRules.types}
        extra={t('organisation.types_hint')}
      >
        <Select mode="multiple" options={types} placeholder={t('organisation.types_placeholder')} showSearch={{ optionFilterProp: 'label' }} />
      </Form.Item>
      <Form.Item required name="country" label={t('organisation.country')} rules={organisationRules.country}>
        <Select
          options={countries}
          placeholder={t('organisation.country_placeholder')}
          showSearch={labelSearch}
          onChange={() => form.setFieldValue('location_code', undefined)}
        />
      </Form.Item>
      <fieldset className="fyn-org-fieldset">
        <legend>{t('organisation.registered_address')}</legend>
        <Form.Item required name="address_line1" label={t('organisation.address_line1')} rules={organisationRules.address_line1}>
          <Input autoComplete="address-line1" maxLength={200} />
        </Form.Item>
        <Form.Item name="address_line2" label={t('organisation.address_line2')} rules={organisationRules.address_line2}>
          <Input autoComplete="address-line2" maxLength={200} />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={14}>
            <Form.Item required name="city" label={t('organisation.city')} rules={organisationRules.city}>
              <Input autoComplete="address-level2" maxLength={120} />
            </Form.Item>
          </Col>
          <Col xs={24} md={10}>
            <Form.Item name="postcode" label={t('organisation.postcode')} rules={organisationRules.postcode}>
              <Input autoComplete="postal-code" maxLength={20} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="location_code"
          label={t('organisation.location')}
          rules={organisationRules.location_code}
          extra={country ? t('organisation.location_hint') : t('organisation.location_choose_country')}
        >
          <LocationPicker country={country} initial={initialLocation ?? null} />
        </Form.Item>
      </fieldset>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="registration_number"
            label={t('organisation.registration_number')}
            rules={organisationRules.registration_number}
          >
            <Input maxLength={40} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="vat_number"
            label={t('organisation.vat_number')}
            rules={organisationRules.vat_number}
            extra={t('organisation.vat_hint')}
          >
            <Input maxLength={20} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="website" label={t('organisation.website')} rules={organisationRules.website}>
        <Input type="url" inputMode="url" autoComplete="url" placeholder="https://" maxLength={200} />
      </Form.Item>
    </>
  );
}
