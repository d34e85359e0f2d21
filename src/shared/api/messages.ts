/**
 * English sentences for the validation keys used by the shared schemas. The API puts these in
 * `error.fields`; the browser shows its own translation of the same key.
 */
export const VALIDATION_MESSAGES: Record<string, string> = {
  password_too_short: 'Use at least 8 characters.',
  password_too_long: 'Use at most 128 characters.',
  password_too_weak: 'Use letters and at least one digit or symbol.',
  password_required: 'Enter your password.',
  email_invalid: 'Enter a valid email address.',
  email_taken: 'An account with this email already exists.',
  name_required: 'Enter your name.',
  name_too_long: 'Use at most 120 characters.',
  otp_format: 'Enter the 6-digit code.',
  otp_invalid: 'This code is not correct.',
  otp_expired: 'This code has expired. Request a new one.',
  otp_attempts_exceeded: 'Too many wrong codes. Request a new one.',
  token_required: 'The reset link is incomplete.',
  token_invalid: 'This reset link is invalid or has expired. Request a new one.',
  current_password_wrong: 'Your current password is not correct.',
  widget_positions_unique: 'Two widgets cannot share a position.',
  country_code: 'Use a two-letter country code.',
  nothing_to_update: 'Send at least one field to change.',
  file_required: 'Choose a file to upload.',
  file_too_large: 'The file is larger than 2 MB.',
  file_type: 'Upload a PNG, JPEG or WebP image.',
  text_too_long: 'This is too long.',
  organisation_name_required: 'Enter the organisation name.',
  organisation_types_required: 'Choose at least one type.',
  address_required: 'Enter the street address.',
  city_required: 'Enter the town or city.',
  location_code: 'Choose a location from the list.',
  vat_number: 'Enter a VAT number starting with the country code, e.g. GB123456789.',
  website: 'Enter a web address starting with https://',
  card_number_invalid: 'The card number is not valid.',
  card_expired: 'The card has expired.',
  card_cvc_invalid: 'The security code is not valid.',
};

/** The sentence for a key, or the key's own text when it is already a sentence. */
export const validationMessage = (key: string): string => VALIDATION_MESSAGES[key] ?? key;
