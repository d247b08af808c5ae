import { encodeDeployData, type Abi, type Hex } from 'viem';
import compiled from '../../../../config/deploy-templates.json';

/** The contracts /deploy offers, compiled by the project's solc (config/deploy-templates.json). */
export type TemplateId = 'erc20' | 'erc721' | 'hello';
export const TEMPLATE_IDS: readonly TemplateId[] = ['erc20', 'erc721', 'hello'];

type FieldId = 'name' | 'symbol' | 'supply' | 'maxSupply' | 'message';
export type FieldError = 'required' | 'tooLong' | 'symbol' | 'wholeNumber' | 'range';

interface FieldRule {
  id: FieldId;
  kind: 'text' | 'symbol' | 'count';
  max: number; // characters for text, largest value for counts
}

/** Each template's constructor fields, in constructor order. */
export const TEMPLATE_FIELDS: Record<TemplateId, readonly FieldRule[]> = {
  erc20: [
    { id: 'name', kind: 'text', max: 50 },
    { id: 'symbol', kind: 'symbol', max: 11 },
    { id: 'supply', kind: 'count', max: 1e15 },
  ],
  erc721: [
    { id: 'name', kind: 'text', max: 50 },
    { id: 'symbol', kind: 'symbol', max: 11 },
    { id: 'maxSupply', kind: 'count', max: 1e9 },
  ],
  hello: [{ id: 'message', kind: 'text', max: 100 }],
};

export type FieldValues = Partial<Record<FieldId, string>>;

function fieldError(rule: FieldRule, raw: string | undefined): FieldError | null {
  const value = (raw ?? '').trim();
  if (!value) return 'required';
  if (rule.kind === 'text') return value.length > rule.max ? 'tooLong' : null;
  if (rule.kind === 'symbol') return /^[A-Za-z0-9]+$/.test(value) && value.length <= rule.max ? null : 'symbol';
  if (!/^\d+$/.test(value)) return 'wholeNumber';
  const n = Number(value);
  return n >= 1 && n <= rule.max ? null : 'range';
}

/** The fields' problems (empty when the form can deploy). */
export function validateFields(template: TemplateId, values: FieldValues): Partial<Record<FieldId, FieldError>> {
  const errors: Partial<Record<FieldId, FieldError>> = {};
  for (const rule of TEMPLATE_FIELDS[template]) {
    const e = fieldError(rule, values[rule.id]);
    if (e) errors[rule.id] = e;
  }
  return errors;
}

/** The creation transaction's data: the template's bytecode followed by its ABI-encoded arguments. */
export function deployData(template: TemplateId, values: FieldValues): Hex {
  const entry = compiled.templates.find((t) => t.id === template);
  if (!entry) throw new Error(`unknown template ${template}`);
  const args = TEMPLATE_FIELDS[template].map((rule) => {
    const value = (values[rule.id] ?? '').trim();
    return rule.kind === 'count' ? BigInt(value) : rule.kind === 'symbol' ? value.toUpperCase() : value;
  });
  return encodeDeployData({ abi: entry.abi as Abi, bytecode: entry.bytecode as Hex, args });
}
