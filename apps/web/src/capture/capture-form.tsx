import {
  createFormField,
  defaultAnswer,
  isInputField,
  publicFormLayout,
  STANDARD_LEAD_FIELDS,
  validateAnswer,
  validateStandardLeadFields,
  type FieldErrors,
  type FormField,
  type StandardLeadFieldName,
  type SubmissionValue,
} from '@leadcapture/contracts/form-fields';
import {
  HONEYPOT_FIELD,
  isValidCapture,
  validateCaptureAnswers,
  type CaptureAttribution,
  type CaptureRequest,
  type CaptureResult,
  type CaptureSource,
} from '@leadcapture/contracts/public-capture';
import { AlertCircle } from 'lucide-react';
import { useMemo, useRef, useState, type SubmitEvent } from 'react';
import { FormRenderer, fieldDomId, type FormRendererMessages } from '../components/form-renderer/form-renderer.tsx';
import { localizePath, type Language } from '../i18n/language.ts';
import { newIdempotencyKey, type ApiFailure, type ApiResult } from './api.ts';
import type { KeepResult } from './offline.ts';
import type { CaptureAction } from './capture-machine.ts';
import { translateFormMessage, type Translate } from './i18n.ts';
import { primaryButtonClass } from './page-frame.tsx';
import { FileUpload, type UploadFile } from './file-upload.tsx';
import { Spinner } from './spinner.tsx';

type Answers = Record<string, SubmissionValue | undefined>;

const STANDARD_PREFIX = 'lead-';
const CUSTOM_PREFIX = 'field-';
const CONSENT_ID = 'consent';
const RESPONSES = 'responses.';

const autoComplete: Record<string, string> = Object.fromEntries(
  STANDARD_LEAD_FIELDS.map((field) => [field.name, field.autocomplete]),
);

/** The standard lead fields as form fields, so the renderer draws them like the custom ones. */
function standardFields(t: Translate): FormField[] {
  return STANDARD_LEAD_FIELDS.map((field) =>
    createFormField(field.type, field.name, {
      label: t(`field.${field.name}`),
      required: field.required,
      max_length: field.max_length,
      width: 'half',
    }),
  );
}

/** What the page pre-fills: each custom field's default (a kiosk's next visitor gets them again). */
function initialResponses(fields: readonly FormField[]): Answers {
  const answers: Answers = {};
  for (const field of fields) if (isInputField(field)) answers[field.id] = defaultAnswer(field);
  return answers;
}

/** "Email: Enter a valid email address"; a question keeps its own mark ("Topic? This field…"). */
function labelled(label: string, message: string): string {
  return /[?!:.]$/.test(label.trim()) ? `${label.trim()} ${message}` : `${label}: ${message}`;
}

function translateAll(errors: FieldErrors, t: Translate): FieldErrors {
  return Object.fromEntries(
    Object.entries(errors).map(([key, messages]) => [key, messages.map((m) => translateFormMessage(m, t))]),
  );
}

/** A submit failure in the catalogue's words (spec 02 §8: network, server, submit error). */
function failureMessage(failure: ApiFailure, t: Translate): string {
  switch (failure.kind) {
    case 'network':
      return t('error.network');
    case 'timeout':
      return t('error.timeout');
    case 'storage_full':
      return t('offline.storageFull');
    case 'storage_unavailable':
      return t('offline.storageUnavailable');
    case 'rate_limited':
      return failure.retryAfterSeconds !== null && failure.retryAfterSeconds > 0
        ? t('error.rateLimited', { seconds: failure.retryAfterSeconds })
        : t('error.rateLimitedShort');
    case 'limit_reached':
      return t('error.limitReached');
    case 'server':
      return failure.status >= 500 ? t('error.server') : t('error.submit');
    default:
      return t('error.submit');
  }
}

/** What the form needs of its page (an event or an offer). */
export interface CaptureFormPage {
  /** The event's name or the offer's title. */
  name: string;
  organization_name: string;
  consent_text: string;
  form_fields: FormField[];
}

export interface CaptureFormProps {
  page: CaptureFormPage;
  /** Sends the answers with the attempt's Idempotency-Key (an event's capture, an offer's submit). */
  send: (body: CaptureRequest, idempotencyKey: string) => Promise<ApiResult<CaptureResult>>;
  /** Uploads a file field's file as soon as it is chosen; its id is the field's answer. */
  upload: UploadFile;
  /** No answer from the network: keeps the answers on the device to send later (capture/offline.ts). */
  keep: (body: CaptureRequest, idempotencyKey: string) => Promise<KeepResult>;
  language: Language;
  t: Translate;
  messages: FormRendererMessages;
  attribution: CaptureAttribution & { source: CaptureSource };
  submitting: boolean;
  failure: ApiFailure | null;
  dispatch: (
    action: Extract<CaptureAction<unknown>, { type: 'submit' | 'submitted' | 'submit_failed' | 'saved_offline' }>,
  ) => void;
}

/**
 * The lead form: the standard fields, then the page's own form, the optional consent box, the
 * honeypot and the submit button. Checked here with the contract's own rules before sending, and
 * a 422 of the server (same rules) is put back on the fields.
 */
export function CaptureForm({
  page,
  send,
  upload,
  keep,
  language,
  t,
  messages,
  attribution,
  submitting,
  failure,
  dispatch,
}: CaptureFormProps) {
  const standard = useMemo(() => standardFields(t), [t]);
  // The builder previews the same layout (form-fields.ts publicFormLayout): opening layout fields,
  // the contact details, then the rest; a copy of a standard question is not asked twice.
  const layout = useMemo(() => publicFormLayout(page.form_fields), [page.form_fields]);
  const consentField = useMemo(
    () =>
      page.consent_text.trim() === '' ? [] : [createFormField('checkbox', CONSENT_ID, { label: page.consent_text })],
    [page.consent_text],
  );
  const [lead, setLead] = useState<Answers>({});
  const [responses, setResponses] = useState<Answers>(() => initialResponses(page.form_fields));
  const [consent, setConsent] = useState<Answers>({});
  const [honeypot, setHoneypot] = useState('');
  /** Errors keyed like the server's 422: `first_name`, `responses.<field id>`, anything else. */
  const [errors, setErrors] = useState<FieldErrors>({});
  /** After the first submit, answers are re-checked as they change (errors go away as they are fixed). */
  const [attempted, setAttempted] = useState(false);
  /** One Idempotency-Key per submission attempt: kept while the answers stay the same. */
  const attemptRef = useRef<{ key: string; fingerprint: string } | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);

  const customById = useMemo(() => new Map(page.form_fields.map((f) => [f.id, f])), [page.form_fields]);

  function setFieldErrors(key: string, messages: string[]) {
    setErrors((current) => {
      const others = Object.entries(current).filter(([name]) => name !== key);
      if (messages.length > 0) others.push([key, messages.map((m) => translateFormMessage(m, t))]);
      return Object.fromEntries(others);
    });
  }

  /** The rules of one answer, exactly as the whole form is checked on submit. */
  function checkOne(key: string, value: SubmissionValue | undefined) {
    if (key.startsWith(RESPONSES)) {
      const field = customById.get(key.slice(RESPONSES.length));
      if (field !== undefined) setFieldErrors(key, validateAnswer(field, value).errors);
    } else {
      setFieldErrors(key, validateStandardLeadFields({ [key]: value }).errors[key] ?? []);
    }
  }

  function change(key: string, value: SubmissionValue | undefined) {
    if (attempted || errors[key] !== undefined) checkOne(key, value);
  }

  function blur(key: string, value: SubmissionValue | undefined) {
    // Before a submit, only a filled-in answer is judged: an empty field is not yet an error.
    const blank = value === undefined || (typeof value === 'string' && value.trim() === '');
    if (attempted || !blank) checkOne(key, value);
  }

  function focusSummary() {
    // After the render that shows it.
    setTimeout(() => summaryRef.current?.focus(), 0);
  }

  async function submit(formEvent?: SubmitEvent<HTMLFormElement>) {
    formEvent?.preventDefault();
    if (submitting) return;
    setAttempted(true);
    const answers = validateCaptureAnswers(page.form_fields, { ...lead, responses });
    if (!isValidCapture(answers)) {
      setErrors(translateAll(answers.errors, t));
      focusSummary();
      return;
    }
    setErrors({});
    const { phone, job_title, ...required } = answers.standard;
    const body: CaptureRequest = {
      ...required,
      ...(phone !== '' ? { phone } : {}),
      ...(job_title !== '' ? { job_title } : {}),
      responses: answers.responses,
      ...attribution,
      language,
      [HONEYPOT_FIELD]: honeypot,
      ...(consentField.length > 0 ? { consent: consent[CONSENT_ID] === true } : {}),
    };
    const fingerprint = JSON.stringify(body);
    if (attemptRef.current?.fingerprint !== fingerprint) attemptRef.current = { key: newIdempotencyKey(), fingerprint };
    dispatch({ type: 'submit' });
    const result = await send(body, attemptRef.current.key);
    if (result.ok) {
      dispatch({ type: 'submitted', status: result.data.status, email: answers.standard.email });
      return;
    }
    if (result.failure.kind === 'network' || result.failure.kind === 'timeout') {
      // The same key goes with it: if the request did arrive, the replay is answered, not stored twice.
      const kept = await keep(body, attemptRef.current.key);
      if (kept === 'saved') {
        dispatch({ type: 'saved_offline' });
        return;
      }
      dispatch({ type: 'submit_failed', failure: { kind: kept === 'full' ? 'storage_full' : 'storage_unavailable' } });
      return;
    }
    if (result.failure.kind === 'validation') {
      setErrors(translateAll(result.failure.details, t));
      focusSummary();
    }
    dispatch({ type: 'submit_failed', failure: result.failure });
  }

  const customErrors: FieldErrors = {};
  const standardErrors: FieldErrors = {};
  const summary: { key: string; href: string | null; text: string }[] = [];
  const standardNames = new Set<string>(STANDARD_LEAD_FIELDS.map((f) => f.name));
  for (const [key, list] of Object.entries(errors)) {
    const message = list.join(' ');
    if (key.startsWith(RESPONSES)) {
      const id = key.slice(RESPONSES.length);
      customErrors[id] = list;
      const field = customById.get(id);
      summary.push({
        key,
        href: fieldDomId(CUSTOM_PREFIX, id),
        text: field ? labelled(field.label, message) : message,
      });
    } else if (standardNames.has(key)) {
      standardErrors[key] = list;
      summary.push({
        key,
        href: fieldDomId(STANDARD_PREFIX, key),
        text: labelled(t(`field.${key as StandardLeadFieldName}`), message),
      });
    } else {
      summary.push({ key, href: null, text: message });
    }
  }
  // In the order of the page, not of the error object.
  const order = [...standard.map((f) => f.id), ...layout.rest.map((f) => `${RESPONSES}${f.id}`)];
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  summary.sort((a, b) => rank(a.key) - rank(b.key));

  const privacyHref = localizePath('/privacy', language);
  const showFailure = failure !== null && failure.kind !== 'validation';

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-8 px-5 pt-6 pb-8 sm:px-10 sm:pb-10">
      {summary.length > 0 && (
        <div
          ref={summaryRef}
          tabIndex={-1}
          aria-labelledby="error-summary-title"
          className="grid gap-2 rounded-xl border border-destructive/40 bg-destructive-soft px-4 py-3.5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-destructive"
        >
          <h2
            id="error-summary-title"
            className="flex items-center gap-2 text-sm font-semibold text-destructive-soft-foreground"
          >
            <AlertCircle aria-hidden="true" className="size-4 shrink-0" />
            {t('form.errorSummary')}
          </h2>
          <ul className="grid list-disc gap-1 pl-10 text-sm text-destructive-soft-foreground">
            {summary.map((item) => (
              <li key={item.key}>
                {item.href === null ? (
                  item.text
                ) : (
                  <a
                    href={`#${item.href}`}
                    onClick={(e) => {
                      e.preventDefault();
                      document.getElementById(item.href ?? '')?.focus();
                    }}
                    className="underline underline-offset-2 hover:no-underline"
                  >
                    {item.text}
                  </a>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}

      {layout.intro.length > 0 && (
        <FormRenderer
          fields={layout.intro}
          values={{}}
          errors={{}}
          onChange={() => undefined}
          messages={messages}
          idPrefix={CUSTOM_PREFIX}
          disabled={submitting}
          fileInput={(input) => <FileUpload input={input} upload={upload} t={t} language={language} />}
        />
      )}

      <section aria-labelledby="details-title" className="grid gap-5">
        <div className="grid gap-1">
          <h2 id="details-title" className="text-lg font-semibold text-foreground">
            {t('form.detailsTitle')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('form.requiredNote')}</p>
        </div>
        <FormRenderer
          fields={standard}
          values={lead}
          errors={standardErrors}
          onChange={(name, value) => {
            setLead((current) => ({ ...current, [name]: value }));
            change(name, value);
          }}
          onBlur={(name) => blur(name, lead[name])}
          messages={messages}
          idPrefix={STANDARD_PREFIX}
          disabled={submitting}
          autoComplete={autoComplete}
        />
      </section>

      {layout.rest.length > 0 && (
        <FormRenderer
          fields={layout.rest}
          values={responses}
          errors={customErrors}
          onChange={(id, value) => {
            setResponses((current) => ({ ...current, [id]: value }));
            change(`${RESPONSES}${id}`, value);
          }}
          onBlur={(id) => blur(`${RESPONSES}${id}`, responses[id])}
          messages={messages}
          idPrefix={CUSTOM_PREFIX}
          disabled={submitting}
          fileInput={(input) => <FileUpload input={input} upload={upload} t={t} language={language} />}
        />
      )}

      {consentField.length > 0 && (
        <FormRenderer
          fields={consentField}
          values={consent}
          errors={{}}
          onChange={(id, value) => setConsent({ [id]: value })}
          messages={messages}
          idPrefix="capture-"
          disabled={submitting}
        />
      )}

      {/* The honeypot: out of sight and out of the tab order; a form-filling bot fills it. */}
      <div aria-hidden="true" className="absolute -left-[10000px] size-px overflow-hidden">
        <label htmlFor="capture-website-url">{t('form.honeypot')}</label>
        <input
          id="capture-website-url"
          type="text"
          name={HONEYPOT_FIELD}
          tabIndex={-1}
          autoComplete="off"
          value={honeypot}
          onChange={(e) => setHoneypot(e.currentTarget.value)}
        />
      </div>

      <div className="grid gap-4">
        {showFailure && (
          <div
            role="alert"
            className="flex items-start gap-3 rounded-xl border border-destructive/40 bg-destructive-soft px-4 py-3.5 text-sm text-destructive-soft-foreground"
          >
            <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <p className="font-medium">{failureMessage(failure, t)}</p>
          </div>
        )}
        <div>
          <button
            type="submit"
            className={primaryButtonClass}
            disabled={submitting}
            aria-busy={submitting || undefined}
          >
            {submitting && <Spinner />}
            {submitting ? t('form.submitting') : showFailure ? t('error.retry') : t('form.submit')}
          </button>
        </div>
        <p className="text-xs/5 text-muted-foreground">
          {t('form.privacy', { organization: page.organization_name || page.name, event: page.name })}{' '}
          <a
            href={privacyHref}
            className="rounded-sm font-medium text-foreground underline underline-offset-2 hover:no-underline focus-visible:outline-2 focus-visible:outline-(--form-ring)"
          >
            {t('form.privacyLink')}
          </a>
        </p>
      </div>
    </form>
  );
}
