import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  createFormField,
  FIELD_ID_PATTERN,
  FORM_FIELD_TYPES,
  URL_REQUIRED_TYPES,
  type FormField,
} from '@leadcapture/contracts/form-fields';
import { formFieldSchema } from '@leadcapture/contracts/forms';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import type { ServerErrorDetails } from './definition-errors.ts';
import { FormBuilder } from './form-builder.tsx';

// Whole-builder interactions through user-event on happy-dom take up to a few seconds when the
// server suite runs beside this one on two cores: more room than the 5 s default.
vi.setConfig({ testTimeout: 15_000 });

const user = () => userEvent.setup({ delay: null });

/** The page's side: it owns the fields; `latest()` reads what the builder last handed back. */
function setup(initial: FormField[], errors?: ServerErrorDetails) {
  let current = initial;
  function Harness() {
    const [fields, setFields] = useState(initial);
    return (
      <FormBuilder
        value={fields}
        onChange={(next) => {
          current = next;
          setFields(next);
        }}
        errors={errors}
      />
    );
  }
  return { ui: <Harness />, latest: () => current };
}

const contactForm = (): FormField[] => [
  createFormField('text', 'first_name', { label: 'First name', required: true }),
  createFormField('email', 'email', { label: 'Email', required: true }),
  createFormField('select', 'size', { label: 'Company size', options: ['Small', 'Large'] }),
];

const palette = () => screen.getByRole('complementary', { name: 'Add a field' });
const propertiesPane = () => screen.getByRole('complementary', { name: 'Properties' });
const card = (id: string) => {
  const element = document.querySelector<HTMLElement>(`[data-builder-field="${id}"]`);
  if (element === null) throw new Error(`no card ${id}`);
  return element;
};
const cardOrder = () =>
  [...document.querySelectorAll<HTMLElement>('[data-builder-field]')].map((el) => el.dataset.builderField);
const announcer = () => document.querySelector('[data-builder-announcer]') as HTMLElement;
const selectButton = (id: string) => within(card(id)).getAllByRole('button')[1] as HTMLElement;

afterEach(() => vi.restoreAllMocks());

describe('FormBuilder: adding fields', () => {
  it('adds a field of every type by click, each with a fresh id and valid but for a missing address', async () => {
    const { ui, latest } = setup([]);
    await renderWithApp(ui);
    const u = user();
    const names = [
      ...within(within(palette()).getByRole('group', { name: 'Input fields' })).getAllByRole('button'),
      ...within(within(palette()).getByRole('group', { name: 'Layout & content' })).getAllByRole('button'),
    ];
    expect(names).toHaveLength(FORM_FIELD_TYPES.length);
    for (const button of names) await u.click(button);

    const fields = latest();
    // Each new field goes after the selected one, which is the field added just before.
    expect(fields.map((f) => f.type)).toEqual([...FORM_FIELD_TYPES]);
    expect(new Set(fields.map((f) => f.id)).size).toBe(fields.length);
    for (const field of fields) {
      expect(field.id).toMatch(/^field_[0-9a-z]{6}$/);
      expect(FIELD_ID_PATTERN.test(field.id)).toBe(true);
      const result = formFieldSchema.safeParse(field);
      if (URL_REQUIRED_TYPES.includes(field.type)) {
        // The builder cannot invent an address: the field asks for one.
        expect(result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
          'url: This field is required',
        ]);
      } else {
        expect(result.error?.issues ?? []).toEqual([]);
      }
    }
    expect(fields.find((f) => f.type === 'select')?.options).toEqual(['Option 1', 'Option 2', 'Option 3']);
    expect(fields.find((f) => f.type === 'email')?.label).toBe('Email');
    // 22 clicks through user-event on happy-dom: slow on a busy machine, not in a browser.
  }, 30_000);

  it('adds after the selected field, selects the new one and moves focus to it', async () => {
    const { ui, latest } = setup(contactForm());
    await renderWithApp(ui);
    const u = user();
    await u.click(selectButton('first_name'));
    await u.click(within(palette()).getByRole('button', { name: 'Phone' }));

    const fields = latest();
    expect(fields.map((f) => f.type)).toEqual(['text', 'phone', 'email', 'select']);
    const added = fields[1]?.id ?? '';
    await waitFor(() => expect(document.activeElement).toBe(selectButton(added)));
    expect(selectButton(added).getAttribute('aria-current')).toBe('true');
    expect(within(propertiesPane()).getByLabelText(/^Label/)).toHaveProperty('value', 'Phone number');
    expect(announcer().textContent).toBe('Phone number added at position 2 of 4.');
  });

  it('leaves focus where the user has gone to type before the new card took it', async () => {
    // A drop followed at once by a click into a text box: by the time the builder would move focus
    // to the new card, the user is typing elsewhere. Here the page moves focus during the change.
    function Harness() {
      const [fields, setFields] = useState<FormField[]>([]);
      return (
        <>
          <input aria-label="Elsewhere" />
          <FormBuilder
            value={fields}
            onChange={(next) => {
              setFields(next);
              screen.getByRole('textbox', { name: 'Elsewhere' }).focus();
            }}
          />
        </>
      );
    }
    await renderWithApp(<Harness />);
    await user().click(within(palette()).getByRole('button', { name: 'Phone' }));
    await screen.findByText('Phone number added at position 1 of 1.');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Elsewhere' }));
  });

  it('duplicates a field under a new id, right after it', async () => {
    const { ui, latest } = setup(contactForm());
    await renderWithApp(ui);
    await user().click(screen.getByRole('button', { name: 'Duplicate Company size' }));
    const fields = latest();
    expect(fields.map((f) => f.label)).toEqual(['First name', 'Email', 'Company size', 'Company size']);
    expect(fields[3]?.id).not.toBe('size');
    expect(fields[3]?.options).toEqual(['Small', 'Large']);
  });

  it('starts with an empty state that asks for fields', async () => {
    const { ui } = setup([]);
    await renderWithApp(ui);
    expect(screen.getByRole('heading', { name: 'No fields yet' })).toBeTruthy();
    expect(screen.getByText('Add fields from the list, or drag them here.')).toBeTruthy();
  });
});

describe('FormBuilder: the properties panel', () => {
  it('edits label, required, options and width', async () => {
    const { ui, latest } = setup(contactForm());
    await renderWithApp(ui);
    const u = user();
    await u.click(selectButton('size'));
    const panel = within(propertiesPane());

    const label = panel.getByLabelText(/^Label/);
    await u.clear(label);
    await u.type(label, 'Team size');
    await u.click(panel.getByRole('checkbox', { name: 'Required' }));
    await u.click(panel.getByRole('button', { name: 'Add option' }));
    expect(document.activeElement).toBe(panel.getByRole('textbox', { name: 'Option 3' }));
    await u.clear(panel.getByRole('textbox', { name: 'Option 3' }));
    await u.type(panel.getByRole('textbox', { name: 'Option 3' }), 'Huge');
    await u.click(panel.getByRole('button', { name: 'Move option 3 up' }));
    await u.click(panel.getByRole('button', { name: 'Remove option 1' }));
    await u.click(panel.getByRole('radio', { name: 'Half' }));

    const field = latest()[2];
    expect(field).toMatchObject({
      id: 'size',
      label: 'Team size',
      required: true,
      options: ['Huge', 'Large'],
      width: 'half',
    });
    // The card follows.
    expect(within(card('size')).getByText('Team size')).toBeTruthy();
    expect(within(card('size')).getByText('Required')).toBeTruthy();
    expect(within(card('size')).getByText('Half width')).toBeTruthy();
  });

  it('shows only the properties the type uses', async () => {
    const { ui } = setup([
      createFormField('spacer', 'gap'),
      createFormField('image', 'photo', { url: 'https://example.com/a.png' }),
    ]);
    await renderWithApp(ui);
    const u = user();
    await u.click(selectButton('gap'));
    let panel = within(propertiesPane());
    expect(panel.getByRole('spinbutton', { name: 'Height' })).toBeTruthy();
    expect(panel.queryByLabelText(/^Label/)).toBeNull();
    expect(panel.queryByRole('checkbox', { name: 'Required' })).toBeNull();

    await u.click(selectButton('photo'));
    panel = within(propertiesPane());
    expect(panel.getByRole('textbox', { name: /Image address/ })).toHaveProperty('value', 'https://example.com/a.png');
    expect(panel.getByRole('textbox', { name: 'Alternative text' })).toBeTruthy();
    expect(panel.queryByRole('spinbutton', { name: 'Height' })).toBeNull();
    expect(panel.queryByText('Placeholder')).toBeNull();
  });

  it('checks a pattern live and tries a test value against it', async () => {
    const { ui, latest } = setup(contactForm());
    await renderWithApp(ui);
    const u = user();
    await u.click(selectButton('first_name'));
    const panel = within(propertiesPane());
    const pattern = panel.getByRole('textbox', { name: 'Validation pattern' });
    await u.click(pattern);
    await u.paste('[A-Z');
    expect(panel.getByText('Enter a valid regular expression')).toBeTruthy();
    expect(within(card('first_name')).getByText('1 problem')).toBeTruthy();

    await u.clear(pattern);
    await u.paste('[A-Z]{2}[0-9]{2}');
    expect(latest()[0]?.pattern).toBe('[A-Z]{2}[0-9]{2}');
    expect(panel.getByText('The pattern is valid.')).toBeTruthy();
    const sample = panel.getByRole('textbox', { name: 'Test value' });
    await u.type(sample, 'AB12');
    expect(panel.getByText('Matches the pattern.')).toBeTruthy();
    await u.type(sample, '3');
    expect(panel.getByText('Does not match the pattern.')).toBeTruthy();
  });

  it('keeps an emptied length box empty and stores no limit', async () => {
    const { ui, latest } = setup([createFormField('text', 'name', { label: 'Name', max_length: 40 })]);
    await renderWithApp(ui);
    const u = user();
    await u.click(selectButton('name'));
    const max = within(propertiesPane()).getByRole('spinbutton', { name: 'Maximum length' });
    await u.clear(max);
    expect(latest()[0]?.max_length).toBeNull();
    await u.type(max, '12');
    expect(latest()[0]?.max_length).toBe(12);
  });
});

describe('FormBuilder: removing fields', () => {
  it('asks first, keeps the field on cancel and removes it only after confirming', async () => {
    const { ui, latest } = setup(contactForm());
    await renderWithApp(ui);
    const u = user();
    const remove = screen.getByRole('button', { name: 'Remove Email' });
    await u.click(remove);

    const dialog = screen.getByRole('alertdialog', { name: 'Remove this field?' });
    expect(within(dialog).getByText('“Email” will be removed from the form when you save.')).toBeTruthy();
    await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(latest().map((f) => f.id)).toEqual(['first_name', 'email', 'size']);
    await waitFor(() => expect(document.activeElement).toBe(remove));

    await u.click(remove);
    await u.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove field' }));
    expect(latest().map((f) => f.id)).toEqual(['first_name', 'size']);
    // Focus goes to the field that took its place.
    await waitFor(() => expect(document.activeElement).toBe(selectButton('size')));
    expect(announcer().textContent).toBe('Email removed.');
  });

  it('focuses the palette when the last field is removed', async () => {
    const { ui, latest } = setup([createFormField('divider', 'line')]);
    await renderWithApp(ui);
    const u = user();
    await u.click(screen.getByRole('button', { name: 'Remove Divider' }));
    await u.click(screen.getByRole('button', { name: 'Remove field' }));
    expect(latest()).toEqual([]);
    // In happy-dom no layout hides the narrow "Add field" button; some add control gets focus.
    await waitFor(() =>
      expect(document.activeElement?.closest('[data-builder-add], [data-palette-type]')).not.toBeNull(),
    );
  });
});

describe('FormBuilder: reordering', () => {
  it('moves fields with the up and down buttons, keeping focus on the button', async () => {
    const { ui, latest } = setup(contactForm());
    await renderWithApp(ui);
    const u = user();
    await u.click(screen.getByRole('button', { name: 'Move Company size up' }));
    expect(latest().map((f) => f.id)).toEqual(['first_name', 'size', 'email']);
    expect(cardOrder()).toEqual(['first_name', 'size', 'email']);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Company size up' })),
    );
    expect(announcer().textContent).toBe('Company size moved to position 2 of 3.');

    await u.click(screen.getByRole('button', { name: 'Move Company size up' }));
    expect(latest().map((f) => f.id)).toEqual(['size', 'first_name', 'email']);
    // At the top "up" is disabled, so focus moves to the card itself.
    expect(screen.getByRole('button', { name: 'Move Company size up' })).toHaveProperty('disabled', true);
    await waitFor(() => expect(document.activeElement).toBe(selectButton('size')));

    await u.click(screen.getByRole('button', { name: 'Move First name down' }));
    expect(latest().map((f) => f.id)).toEqual(['size', 'email', 'first_name']);
  });

  it('moves a field with the keyboard: space lifts, arrows move, space drops, escape cancels', async () => {
    // happy-dom has no layout: give each card a place in a column so dnd-kit can measure it.
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      // The drag overlay starts where its card is.
      const id = this.getAttribute('data-builder-field') ?? this.getAttribute('data-builder-overlay');
      if (id === null) return new DOMRect();
      const index = cardOrder().indexOf(id);
      return new DOMRect(0, index * 100, 400, 90);
    });
    const { ui, latest } = setup(contactForm());
    await renderWithApp(ui);
    const u = user();
    const handle = screen.getByRole('button', { name: 'Move Company size' });
    expect(handle.getAttribute('aria-roledescription')).toBe('movable field');
    const instructions = document.getElementById(handle.getAttribute('aria-describedby') ?? '');
    expect(instructions?.textContent).toMatch(/^To pick up a field, press space or enter/);

    // dnd-kit's live region says one thing at a time; keep everything it said.
    const region = document.querySelector('[id^="DndLiveRegion"]');
    const said: string[] = [];
    const observer = new MutationObserver(() => said.push(region?.textContent ?? ''));
    if (region !== null) observer.observe(region, { childList: true, characterData: true, subtree: true });

    handle.focus();
    await u.keyboard('[Space]');
    await u.keyboard('[ArrowUp]');
    await u.keyboard('[Space]');
    await waitFor(() => expect(said).toContain('Company size dropped at position 2 of 3.'));
    expect(said).toContain('Picked up Company size. It is at position 3 of 3.');
    expect(said).toContain('Company size is over position 2 of 3.');
    expect(latest().map((f) => f.id)).toEqual(['first_name', 'size', 'email']);

    screen.getByRole('button', { name: 'Move Company size' }).focus();
    await u.keyboard('[Space]');
    await u.keyboard('[ArrowUp]');
    await u.keyboard('[Escape]');
    await waitFor(() => expect(said).toContain('Moving cancelled. Company size stays at position 2 of 3.'));
    observer.disconnect();
    expect(latest().map((f) => f.id)).toEqual(['first_name', 'size', 'email']);
  });
});

describe('FormBuilder: problems', () => {
  it('shows definition errors on the card and next to the property, in the user language', async () => {
    const { ui } = setup([
      createFormField('text', 'a', { label: 'Name' }),
      createFormField('radio', 'b', { label: '', options: ['Yes', 'Yes'] }),
    ]);
    await renderWithApp(ui, { language: 'sv' });
    const u = user();
    expect(within(card('b')).getByText('2 problem')).toBeTruthy();
    expect(screen.getByText('Formuläret kan inte sparas än')).toBeTruthy();
    await u.click(selectButton('b'));
    const panel = within(screen.getByRole('complementary', { name: 'Egenskaper' }));
    const label = panel.getByRole('textbox', { name: /^Etikett/ });
    expect(label.getAttribute('aria-invalid')).toBe('true');
    expect(panel.getByText('Fältet måste ha en etikett')).toBeTruthy();
    expect(panel.getByText('Alternativen måste vara unika')).toBeTruthy();
    expect(panel.getByRole('textbox', { name: 'Alternativ 2' }).getAttribute('aria-invalid')).toBe('true');

    await u.type(label, 'Kommer du?');
    expect(within(card('b')).getByText('1 problem')).toBeTruthy();
    await u.clear(panel.getByRole('textbox', { name: 'Alternativ 2' }));
    await u.type(panel.getByRole('textbox', { name: 'Alternativ 2' }), 'Nej');
    expect(within(card('b')).queryByText(/problem/)).toBeNull();
    expect(screen.queryByText('Formuläret kan inte sparas än')).toBeNull();
  });

  it('lists the problems above the form; each one leads to the property to fix', async () => {
    const { ui } = setup([
      createFormField('text', 'a', { label: 'Name' }),
      createFormField('image', 'photo', { label: 'Our booth' }),
    ]);
    await renderWithApp(ui);
    await user().click(screen.getByRole('button', { name: 'Our booth: This field is required' }));
    const address = within(propertiesPane()).getByRole('textbox', { name: /Image address/ });
    await waitFor(() => expect(document.activeElement).toBe(address));
    expect(address.getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the server 422 details on their field until that field changes', async () => {
    const { ui } = setup(contactForm(), {
      'form_fields.1.label': ['Field label is required'],
      'form_fields.2.options.0': ['Options must be unique'],
      form_fields: ['Ensure this form has no more than 100 fields'],
      name: ['This field is required'],
    });
    await renderWithApp(ui);
    const u = user();
    expect(within(card('email')).getByText('1 problem')).toBeTruthy();
    expect(within(card('size')).getByText('1 problem')).toBeTruthy();
    expect(screen.getByText('Ensure this form has no more than 100 fields')).toBeTruthy();

    // The message follows its field when fields move …
    await u.click(screen.getByRole('button', { name: 'Move Email up' }));
    expect(within(card('email')).getByText('1 problem')).toBeTruthy();
    expect(within(card('first_name')).queryByText(/problem/)).toBeNull();
    await u.click(selectButton('email'));
    expect(within(propertiesPane()).getByText('Field label is required')).toBeTruthy();
    // … and goes once the field is edited.
    await u.type(within(propertiesPane()).getByLabelText(/^Label/), '!');
    expect(within(card('email')).queryByText(/problem/)).toBeNull();
    expect(within(card('size')).getByText('1 problem')).toBeTruthy();
  });
});

describe('FormBuilder: preview', () => {
  it('renders the form through the FormRenderer with working inputs checked on blur', async () => {
    const { ui } = setup([
      createFormField('paragraph', 'note', { content: 'We reply within a day.' }),
      createFormField('text', 'city', { label: 'City', required: true, default_value: 'Malmö' }),
      createFormField('select', 'size', { label: 'Company size', options: ['Small', 'Large'] }),
    ]);
    await renderWithApp(ui);
    const u = user();
    await u.click(screen.getByRole('tab', { name: 'Preview' }));
    const city = await screen.findByRole('textbox', { name: 'City' });
    expect(screen.getByText('We reply within a day.')).toBeTruthy();
    expect(city).toHaveProperty('value', 'Malmö');
    expect(screen.getByRole('combobox', { name: 'Company size' })).toBeTruthy();

    await u.clear(city);
    await u.tab();
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(city.getAttribute('aria-invalid')).toBe('true');
    // Once shown, a problem is checked again as the visitor types.
    await u.type(city, 'Lund');
    await waitFor(() => expect(city.getAttribute('aria-invalid')).toBeNull());
    await u.click(screen.getByRole('button', { name: 'Clear answers' }));
    expect(screen.getByRole('textbox', { name: 'City' })).toHaveProperty('value', 'Malmö');
  });

  it('previews the public page: opening heading, the contact details every page asks, then the questions', async () => {
    // The review: the offer page put the designer's heading below the contact form and asked for
    // the email twice, and the builder said only name, company and email were asked.
    const { ui } = setup([
      createFormField('heading', 'intro', { label: 'Book a demo' }),
      createFormField('email', 'work_email', { label: 'Work email', required: true }),
      createFormField('phone', 'mobile', { label: 'Mobile' }),
      createFormField('text', 'city', { label: 'City' }),
    ]);
    await renderWithApp(ui);
    await user().click(screen.getByRole('tab', { name: 'Preview' }));
    const details = await screen.findByRole('region', { name: 'Your details' });
    for (const name of ['First name', 'Last name', 'Company', 'Email', 'Phone', 'Job title'])
      expect(within(details).getByRole('textbox', { name: new RegExp(`^${name}`) })).toBeTruthy();
    const heading = screen.getByRole('heading', { name: 'Book a demo' });
    const city = screen.getByRole('textbox', { name: 'City' });
    expect(heading.compareDocumentPosition(details) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(details.compareDocumentPosition(city) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The designer's own email and phone questions are the contact details' own: asked once.
    expect(screen.queryByRole('textbox', { name: /Work email/ })).toBeNull();
    expect(screen.queryByRole('textbox', { name: /Mobile/ })).toBeNull();
  });
});

describe('FormBuilder: limits', () => {
  it('stops adding and duplicating at the most fields a form may have', async () => {
    const { ui } = setup(Array.from({ length: 100 }, (_, i) => createFormField('divider', `d${i}`)));
    await renderWithApp(ui);
    expect(within(palette()).getByRole('button', { name: 'Text' })).toHaveProperty('disabled', true);
    expect(screen.getAllByRole('button', { name: 'Duplicate Divider' })[0]).toHaveProperty('disabled', true);
    expect(screen.getByText('A form can have at most 100 fields.')).toBeTruthy();
  }, 30_000);
});

describe('FormBuilder: narrow layouts', () => {
  // Below 42rem of its own width the builder hides the side panes (container queries, which
  // happy-dom does not apply): hide them by hand as the stylesheet would.
  const narrow = () => {
    propertiesPane().style.display = 'none';
    palette().style.display = 'none';
  };

  it('adds from the palette dialog and focuses the new field', async () => {
    const { ui, latest } = setup(contactForm());
    await renderWithApp(ui);
    narrow();
    const u = user();
    await u.click(screen.getByRole('button', { name: 'Add field' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a field' });
    await u.click(within(dialog).getByRole('button', { name: 'Rating' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const added = latest()[1];
    expect(added?.type).toBe('rating');
    await waitFor(() => expect(document.activeElement).toBe(selectButton(added?.id ?? '')));
  });

  it('edits the selected field in a dialog and gives focus back to its card', async () => {
    const { ui, latest } = setup(contactForm());
    await renderWithApp(ui);
    narrow();
    const u = user();
    await u.click(selectButton('email'));
    const dialog = screen.getByRole('dialog', { name: 'Edit field' });
    await u.type(within(dialog).getByLabelText(/^Help text/), 'Work address');
    await u.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(latest()[1]?.help_text).toBe('Work address');
    await waitFor(() => expect(document.activeElement).toBe(selectButton('email')));
  });
});

describe('FormBuilder: read-only and Swedish', () => {
  it('changes nothing when disabled but still previews', async () => {
    const onChange = vi.fn();
    await renderWithApp(<FormBuilder value={contactForm()} onChange={onChange} disabled />);
    expect(within(palette()).getByRole('button', { name: 'Email' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Remove Email' })).toHaveProperty('disabled', true);
    expect(
      within(propertiesPane())
        .getByLabelText(/^Label/)
        .closest('fieldset[disabled]'),
    ).not.toBeNull();
    await user().click(screen.getByRole('tab', { name: 'Preview' }));
    expect(await screen.findByRole('combobox', { name: 'Company size' })).toHaveProperty('disabled', false);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('speaks Swedish: type names, new field texts, drag instructions', async () => {
    const { ui, latest } = setup([]);
    await renderWithApp(ui, { language: 'sv' });
    const u = user();
    await u.click(
      within(screen.getByRole('complementary', { name: 'Lägg till fält' })).getByRole('button', { name: 'Rullista' }),
    );
    expect(latest()[0]).toMatchObject({
      label: 'Välj ett alternativ',
      options: ['Alternativ 1', 'Alternativ 2', 'Alternativ 3'],
    });
    const handle = screen.getByRole('button', { name: 'Flytta Välj ett alternativ' });
    expect(handle.getAttribute('aria-roledescription')).toBe('flyttbart fält');
    expect(document.getElementById(handle.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(
      /^Tryck på blanksteg eller retur/,
    );
    expect(announcer().textContent).toBe('Välj ett alternativ har lagts till på plats 1 av 1.');
  });
});
