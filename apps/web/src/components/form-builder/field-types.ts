import {
  createFormField,
  type FormField,
  type FormFieldType,
  INPUT_FIELD_TYPES,
  LAYOUT_FIELD_TYPES,
  TEXT_ANSWER_TYPES,
} from '@leadcapture/contracts/form-fields';
import {
  AlignLeft,
  Calendar,
  CircleDot,
  Clock,
  Hash,
  Heading,
  Image,
  Info,
  ListChecks,
  Mail,
  Megaphone,
  Minus,
  MousePointerClick,
  Paperclip,
  Phone,
  Pilcrow,
  SquareCheck,
  SquareChevronDown,
  Star,
  Type,
  UnfoldVertical,
  Video,
  type LucideIcon,
} from 'lucide-react';

/** The icon of each field type, in the palette, on the canvas cards and in the drag overlay. */
export const FIELD_TYPE_ICONS: Record<FormFieldType, LucideIcon> = {
  text: Type,
  email: Mail,
  phone: Phone,
  textarea: AlignLeft,
  select: SquareChevronDown,
  checkbox: SquareCheck,
  radio: CircleDot,
  date: Calendar,
  time: Clock,
  file: Paperclip,
  number: Hash,
  rating: Star,
  heading: Heading,
  paragraph: Pilcrow,
  divider: Minus,
  spacer: UnfoldVertical,
  banner: Megaphone,
  video: Video,
  image: Image,
  features_list: ListChecks,
  button: MousePointerClick,
  info_section: Info,
};

/** The palette's two groups, in the contract's order. */
export const PALETTE_GROUPS = [
  { key: 'input', types: INPUT_FIELD_TYPES },
  { key: 'layout', types: LAYOUT_FIELD_TYPES },
] as const satisfies readonly { key: string; types: readonly FormFieldType[] }[];

/** The properties a builder can edit; `id` and `type` are fixed once a field exists. */
export type FieldProperty = Exclude<keyof FormField, 'id' | 'type'>;

const INPUT_COMMON: readonly FieldProperty[] = ['label', 'help_text', 'required', 'width'];

/**
 * Which properties each type reads (form-fields.ts documents the same per property), so the
 * properties panel shows only those. Everything else keeps its default and is ignored.
 */
export function fieldProperties(type: FormFieldType): ReadonlySet<FieldProperty> {
  const props: FieldProperty[] = [];
  if (TEXT_ANSWER_TYPES.includes(type)) {
    props.push(...INPUT_COMMON, 'placeholder', 'min_length', 'max_length', 'pattern', 'default_value');
  } else {
    switch (type) {
      case 'select':
        props.push(...INPUT_COMMON, 'placeholder', 'options', 'default_value');
        break;
      case 'radio':
        props.push(...INPUT_COMMON, 'options', 'default_value');
        break;
      case 'checkbox':
        props.push(...INPUT_COMMON, 'checkbox_text', 'options', 'default_value');
        break;
      case 'number':
        props.push(...INPUT_COMMON, 'placeholder', 'default_value');
        break;
      case 'date':
      case 'time':
        props.push(...INPUT_COMMON, 'default_value');
        break;
      case 'rating':
        props.push(...INPUT_COMMON, 'max_rating', 'default_value');
        break;
      case 'file':
        props.push(...INPUT_COMMON);
        break;
      case 'heading':
        props.push('label', 'heading_level', 'width');
        break;
      case 'paragraph':
        props.push('content', 'width');
        break;
      case 'divider':
        props.push('width');
        break;
      case 'spacer':
        props.push('height', 'width');
        break;
      case 'banner':
      case 'info_section':
        props.push('label', 'content', 'width');
        break;
      case 'video':
      case 'button':
        props.push('label', 'url', 'width');
        break;
      case 'image':
        props.push('label', 'url', 'alt', 'width');
        break;
      case 'features_list':
        props.push('label', 'options', 'width');
        break;
      default:
        break;
    }
  }
  return new Set(props);
}

// One generator for the builder and the server (fields sent without an id get one there).
export { createFieldId } from '@leadcapture/contracts/form-fields';

/** The texts a new field starts with, in the builder's language (builder:defaults). */
export type NewFieldTexts = {
  label: (type: FormFieldType) => string;
  option: (number: number) => string;
  content: (type: FormFieldType) => string;
  checkboxText: string;
  featureItems: readonly string[];
};

/**
 * A new field of `type` for the palette: every property present (createFormField), a readable
 * label and sample options so that it is valid at once. Image, video and button need a real
 * address, which the builder cannot invent: their `url` starts empty and is flagged until the
 * user fills it in.
 */
export function newBuilderField(type: FormFieldType, id: string, texts: NewFieldTexts): FormField {
  switch (type) {
    case 'select':
    case 'radio':
      return createFormField(type, id, { label: texts.label(type), options: [1, 2, 3].map(texts.option) });
    case 'checkbox':
      return createFormField(type, id, { label: texts.label(type), checkbox_text: texts.checkboxText });
    case 'features_list':
      return createFormField(type, id, { label: texts.label(type), options: [...texts.featureItems] });
    case 'paragraph':
    case 'banner':
      return createFormField(type, id, { content: texts.content(type) });
    case 'info_section':
      return createFormField(type, id, { label: texts.label(type), content: texts.content(type) });
    case 'divider':
    case 'spacer':
    case 'image':
    case 'video':
      return createFormField(type, id);
    default:
      return createFormField(type, id, { label: texts.label(type) });
  }
}

/** How a field is named to people (card, dialog, announcements): label, else text, else type. */
export function fieldDisplayName(field: FormField, typeName: string): string {
  const text = field.label.trim() || field.content.trim();
  if (text === '') return typeName;
  const line = text.split('\n')[0] ?? text;
  return line.length > 60 ? `${line.slice(0, 59).trimEnd()}…` : line;
}
