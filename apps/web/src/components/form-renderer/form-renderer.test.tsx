import {
  createFormField,
  FORM_FIELD_TYPES,
  type FormField,
  type FormFieldType,
  type SubmissionValue,
} from '@leadcapture/contracts/form-fields';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FormRenderer, type FormRendererMessages, type FormRendererProps } from './form-renderer.tsx';

const messages: FormRendererMessages = {
  required: 'required',
  choose: 'Choose…',
  ratingStar: (value, max) => `${value} of ${max} stars`,
  clearRating: 'Clear rating',
  watchVideo: 'Watch the video',
  opensInNewTab: '(opens in a new tab)',
};

/** One field of every type, each with what it needs to show. */
const sample: Record<FormFieldType, Partial<FormField>> = {
  text: { label: 'Nickname', placeholder: 'Bob', help_text: 'What we call you' },
  email: { label: 'Work email' },
  phone: { label: 'Mobile' },
  textarea: { label: 'Message' },
  select: { label: 'Topic', options: ['Pricing', 'Demo'] },
  checkbox: { label: 'Newsletter' },
  radio: { label: 'Timeline', options: ['Now', 'Later'] },
  date: { label: 'Visit date' },
  time: { label: 'Visit time' },
  file: { label: 'Brief' },
  number: { label: 'Team size' },
  rating: { label: 'Booth rating', max_rating: 5 },
  heading: { label: 'About you', heading_level: 1 },
  paragraph: { content: 'A few questions.' },
  divider: {},
  spacer: { height: 48 },
  banner: { label: 'Offer', content: 'Ten percent off today' },
  video: { label: 'Product tour', url: 'https://www.youtube.com/watch?v=abc' },
  image: { url: 'https://example.com/booth.png', alt: 'Our booth' },
  features_list: { label: 'Included', options: ['Setup', 'Support'] },
  button: { label: 'Read more', url: 'https://example.com/more' },
  info_section: { label: 'Good to know', content: 'We reply within a day.' },
};

function field(type: FormFieldType, id: string = type, extra: Partial<FormField> = {}): FormField {
  return createFormField(type, id, { ...sample[type], ...extra });
}

function renderForm(props: Partial<FormRendererProps> & { fields: FormField[] }) {
  const onChange = vi.fn();
  const onBlur = vi.fn();
  const result = render(
    <FormRenderer
      values={{}}
      errors={{}}
      onChange={onChange}
      onBlur={onBlur}
      messages={messages}
      idPrefix="f-"
      {...props}
    />,
  );
  return { ...result, onChange, onBlur };
}

/** A controlled renderer with its own state, as a page would hold it. */
function Stateful({ fields, onValues }: { fields: FormField[]; onValues: (v: Record<string, unknown>) => void }) {
  const [values, setValues] = useState<Record<string, SubmissionValue | undefined>>({});
  return (
    <FormRenderer
      fields={fields}
      values={values}
      errors={{}}
      onChange={(id, value) => {
        const next = { ...values, [id]: value };
        setValues(next);
        onValues(next);
      }}
      messages={messages}
      idPrefix="s-"
    />
  );
}

describe('FormRenderer', () => {
  it('renders every field type of the contract', () => {
    renderForm({ fields: FORM_FIELD_TYPES.map((type) => field(type)) });

    expect(screen.getByLabelText('Nickname')).toHaveProperty('type', 'text');
    expect(screen.getByLabelText('Work email')).toHaveProperty('type', 'email');
    expect(screen.getByLabelText('Mobile')).toHaveProperty('type', 'tel');
    expect(screen.getByLabelText('Message').tagName).toBe('TEXTAREA');
    expect(screen.getByLabelText('Visit date')).toHaveProperty('type', 'date');
    expect(screen.getByLabelText('Visit time')).toHaveProperty('type', 'time');
    expect(screen.getByLabelText('Team size').getAttribute('inputmode')).toBe('decimal');
    const topic = screen.getByRole('combobox', { name: 'Topic' });
    expect(
      within(topic)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose…', 'Pricing', 'Demo']);
    expect(screen.getByRole('checkbox', { name: 'Newsletter' })).toBeTruthy();
    const timeline = screen.getByRole('radiogroup', { name: 'Timeline' });
    expect(
      within(timeline)
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).value),
    ).toEqual(['Now', 'Later']);
    const rating = screen.getByRole('radiogroup', { name: 'Booth rating' });
    expect(within(rating).getAllByRole('radio')).toHaveLength(5);
    expect(within(rating).getByRole('radio', { name: '3 of 5 stars' })).toBeTruthy();
    // Without an uploader (the builder's preview) a file field is a picker that takes nothing.
    expect(screen.getByLabelText<HTMLInputElement>(/Brief/).disabled).toBe(true);

    // The page has its own h1: the builder's H1 is an h2.
    expect(screen.getByRole('heading', { level: 2, name: 'About you' })).toBeTruthy();
    expect(screen.getByText('A few questions.')).toBeTruthy();
    expect(screen.getByRole('separator')).toBeTruthy();
    expect(document.querySelector<HTMLElement>('[data-field-id="spacer"] > div')?.style.height).toBe('48px');
    expect(screen.getByText('Ten percent off today')).toBeTruthy();
    const video = screen.getByRole('link', { name: /Product tour/ });
    expect(video.getAttribute('href')).toBe('https://www.youtube.com/watch?v=abc');
    expect(video.getAttribute('target')).toBe('_blank');
    expect(video.getAttribute('rel')).toBe('noopener noreferrer');
    expect(video.textContent).toContain('(opens in a new tab)');
    expect(document.querySelector('iframe')).toBeNull();
    const image = screen.getByRole('img', { name: 'Our booth' });
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Setup', 'Support']);
    expect(screen.getByRole('link', { name: /Read more/ }).getAttribute('href')).toBe('https://example.com/more');
    expect(screen.getByText('We reply within a day.')).toBeTruthy();
  });

  it('wires labels, placeholders, help, errors and required for assistive technology', () => {
    renderForm({
      fields: [field('text', 'nick', { required: true }), field('radio', 'when', { required: true })],
      errors: { nick: ['This field is required'], when: ['Select a valid choice'] },
    });
    // The asterisk is hidden from the accessible name: "Nickname", not "Nickname *".
    const nick = screen.getByRole('textbox', { name: 'Nickname' });
    expect(nick.getAttribute('placeholder')).toBe('Bob');
    expect(nick.hasAttribute('required')).toBe(true);
    expect(nick.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (nick.getAttribute('aria-describedby') ?? '').split(' ');
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toEqual([
      'What we call you',
      'This field is required',
    ]);
    // The visible asterisk is decoration; the control says "required" itself.
    const mark = screen.getAllByText('*')[0];
    expect(mark?.getAttribute('aria-hidden')).toBe('true');

    // A group says "required" in its legend, and is described by its error.
    const group = screen.getByRole('radiogroup', { name: 'Timeline (required)' });
    const errorId = group.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(errorId)?.textContent).toBe('Select a valid choice');
    expect(group.getAttribute('aria-invalid')).toBe('true');
  });

  it('gives the first control of each field a predictable id to focus', () => {
    renderForm({
      fields: [field('text', 'nick'), field('radio', 'when'), field('checkbox', 'tags', { options: ['a', 'b'] })],
    });
    expect(document.getElementById('f-nick')).toBe(screen.getByLabelText('Nickname'));
    expect(document.getElementById('f-when')).toBe(screen.getByRole('radio', { name: 'Now' }));
    expect(document.getElementById('f-tags')).toBe(screen.getByRole('checkbox', { name: 'a' }));
  });

  it('answers a checkbox group with the ticked options, in the order of the options', async () => {
    const user = userEvent.setup();
    const onValues = vi.fn();
    const interests = field('checkbox', 'interests', { label: 'Interests', options: ['Alpha', 'Beta', 'Gamma'] });
    render(<Stateful fields={[interests]} onValues={onValues} />);
    const group = screen.getByRole('group', { name: 'Interests' });
    await user.click(within(group).getByRole('checkbox', { name: 'Gamma' }));
    await user.click(within(group).getByRole('checkbox', { name: 'Alpha' }));
    expect(onValues).toHaveBeenLastCalledWith({ interests: ['Alpha', 'Gamma'] });
    await user.click(within(group).getByRole('checkbox', { name: 'Gamma' }));
    expect(onValues).toHaveBeenLastCalledWith({ interests: ['Alpha'] });
  });

  it('answers a single checkbox with true or false, its own text beside the box', async () => {
    const user = userEvent.setup();
    const onValues = vi.fn();
    const terms = field('checkbox', 'terms', { label: 'Terms', checkbox_text: 'I accept the terms' });
    render(<Stateful fields={[terms]} onValues={onValues} />);
    const box = screen.getByRole('checkbox', { name: 'I accept the terms' });
    expect(screen.getByRole('group', { name: 'Terms' })).toBeTruthy();
    await user.click(box);
    expect(onValues).toHaveBeenLastCalledWith({ terms: true });
    await user.click(box);
    expect(onValues).toHaveBeenLastCalledWith({ terms: false });
  });

  it('rates with the keyboard: one tab stop, arrows move between stars, optional ratings clear', async () => {
    const user = userEvent.setup();
    const onValues = vi.fn();
    render(<Stateful fields={[field('rating', 'stars', { max_rating: 4 })]} onValues={onValues} />);
    await user.tab();
    const first = screen.getByRole('radio', { name: '1 of 4 stars' });
    expect(document.activeElement).toBe(first);
    await user.keyboard(' ');
    expect(onValues).toHaveBeenLastCalledWith({ stars: 1 });
    await user.keyboard('{ArrowRight}');
    expect(onValues).toHaveBeenLastCalledWith({ stars: 2 });
    expect(screen.getByRole('radio', { name: '2 of 4 stars' })).toHaveProperty('checked', true);
    await user.click(screen.getByRole('button', { name: 'Clear rating' }));
    expect(onValues).toHaveBeenLastCalledWith({ stars: undefined });
    expect(screen.queryByRole('button', { name: 'Clear rating' })).toBeNull();
    expect(document.activeElement).toBe(first);
  });

  it('offers no clearing of a required rating', async () => {
    renderForm({ fields: [field('rating', 'stars', { required: true })], values: { stars: 3 } });
    expect(screen.getByRole('radio', { name: '3 of 5 stars' })).toHaveProperty('checked', true);
    expect(screen.queryByRole('button', { name: 'Clear rating' })).toBeNull();
  });

  it('reports changes and blurs by field id, with the raw text of text-like fields', async () => {
    const user = userEvent.setup();
    const { onChange, onBlur } = renderForm({ fields: [field('number', 'size'), field('select', 'topic')] });
    await user.type(screen.getByLabelText('Team size'), '1');
    expect(onChange).toHaveBeenLastCalledWith('size', '1');
    await user.tab();
    expect(onBlur).toHaveBeenCalledWith('size');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Topic' }), 'Demo');
    expect(onChange).toHaveBeenLastCalledWith('topic', 'Demo');
  });

  it('reports a blur of a group only when focus leaves the group', async () => {
    const user = userEvent.setup();
    const { onBlur } = renderForm({
      fields: [field('checkbox', 'tags', { label: 'Tags', options: ['a', 'b'] }), field('text', 'after')],
    });
    await user.click(screen.getByRole('checkbox', { name: 'a' }));
    await user.tab();
    expect(screen.getByRole('checkbox', { name: 'b' })).toBe(document.activeElement);
    expect(onBlur).not.toHaveBeenCalled();
    await user.tab();
    expect(onBlur).toHaveBeenCalledWith('tags');
  });

  it('never skips a heading level, while each heading keeps the size its author picked', () => {
    renderForm({
      fields: [
        field('heading', 'a', { label: 'Deep first', heading_level: 3 }),
        field('heading', 'b', { label: 'Section', heading_level: 1 }),
        field('heading', 'c', { label: 'Sub', heading_level: 2 }),
      ],
    });
    expect(screen.getByRole('heading', { name: 'Deep first' }).tagName).toBe('H2');
    expect(screen.getByRole('heading', { name: 'Section' }).tagName).toBe('H2');
    expect(screen.getByRole('heading', { name: 'Sub' }).tagName).toBe('H3');
    expect(screen.getByRole('heading', { name: 'Deep first' }).className).toContain('text-base');
  });

  it('lays fields out by width, one per row on a narrow form', () => {
    renderForm({
      fields: [
        field('text', 'a', { width: 'half' }),
        field('text', 'b', { width: 'third' }),
        field('text', 'c', { width: 'full' }),
      ],
    });
    const cell = (id: string) => document.querySelector(`[data-field-id="${id}"]`)?.className ?? '';
    expect(cell('a')).toBe('col-span-6 @md:col-span-3');
    expect(cell('b')).toBe('col-span-6 @md:col-span-2');
    expect(cell('c')).toBe('col-span-6');
  });

  it('links only to http(s) addresses', () => {
    renderForm({
      fields: [
        field('button', 'x', { label: 'Bad', url: 'javascript:alert(1)' }),
        field('image', 'y', { url: 'data:image/png;base64,AAAA', alt: 'Data' }),
      ],
    });
    expect(screen.queryByRole('link', { name: /Bad/ })).toBeNull();
    expect(screen.queryByRole('img', { name: 'Data' })).toBeNull();
  });

  it('disables every control while the caller is busy', () => {
    renderForm({ fields: [field('text'), field('radio'), field('rating'), field('select')], disabled: true });
    for (const control of [
      screen.getByLabelText('Nickname'),
      ...screen.getAllByRole('radio'),
      screen.getByRole('combobox', { name: 'Topic' }),
    ]) {
      expect(control).toHaveProperty('disabled', true);
    }
  });
});
