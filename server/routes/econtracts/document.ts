/**
 * The contract's content: a template version rendered with the parties' data, in one canonical form
 * whose SHA-256 is the content hash kept at signing. The PDF (pdf.ts) and the page both show this
 * content, so what was signed can be rebuilt from the database and checked against the hash.
 */
import { createHash } from 'node:crypto';
import { dayKeyOf } from '@/domain/time';

export interface TemplateSection {
  heading: string;
  paragraphs: string[];
}

/** The merchant side as rendered into the contract (frozen into `econtracts.snapshot` at signing). */
export interface ContractParties {
  merchantName: string;
  brandName: string;
  partnerCode: string;
  merchantType: string;
  /** The legal representative (the merchant's owner) named in the contract. */
  representative: string;
}

export interface RenderedContract {
  contractNo: string;
  type: string;
  version: string;
  title: string;
  /** Issue date as YYYY-MM-DD in Asia/Ho_Chi_Minh (the contract's date line). */
  issuedOn: string;
  parties: ContractParties;
  sections: TemplateSection[];
}

const PLACEHOLDER = /\$\{(\w+)\}/g;

/** Fills `${name}` placeholders; an unknown name stays visible rather than silently disappearing. */
export function fillPlaceholders(text: string, values: Record<string, string>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => values[name] ?? whole);
}

export function renderContract(input: {
  contractNo: string;
  type: string;
  version: string;
  title: string;
  sections: TemplateSection[];
  issuedAt: Date;
  parties: ContractParties;
}): RenderedContract {
  const issuedOn = dayKeyOf(input.issuedAt);
  const [y, m, d] = issuedOn.split('-');
  const values: Record<string, string> = {
    ...input.parties,
    contractNo: input.contractNo,
    version: input.version,
    issuedDate: `${d}/${m}/${y}`,
  };
  return {
    contractNo: input.contractNo,
    type: input.type,
    version: input.version,
    title: fillPlaceholders(input.title, values),
    issuedOn,
    parties: { ...input.parties },
    sections: input.sections.map((s) => ({
      heading: fillPlaceholders(s.heading, values),
      paragraphs: s.paragraphs.map((p) => fillPlaceholders(p, values)),
    })),
  };
}

/** JSON with keys sorted at every level: the same content always gives the same bytes. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** SHA-256 (hex) of the canonical content: what the signer agreed to, independent of the PDF's layout. */
export function contentHashOf(contract: RenderedContract): string {
  return createHash('sha256').update(canonicalJson(contract), 'utf8').digest('hex');
}
