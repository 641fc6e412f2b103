// DynamoDB's own JSON ("marshalled"): every value is an object with one type descriptor, e.g. {"S": "x"},
// {"N": "1500"}, {"M": {...}}. An export to S3 in DYNAMODB_JSON format writes one {"Item": {...}} per line.
// Numbers stay as their decimal text (as Unitemate's own JSON exports leave them): the row schemas read them.

export type PlainValue = string | boolean | null | PlainValue[] | { [key: string]: PlainValue };

export class DynamoJsonError extends Error {}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringList(value: unknown, descriptor: string): string[] {
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) {
    throw new DynamoJsonError(`${descriptor} の値が文字列の配列ではありません`);
  }
  return value as string[];
}

/** One attribute value → plain JSON. */
export function unmarshallValue(attribute: unknown): PlainValue {
  if (!isObject(attribute)) throw new DynamoJsonError('属性値が {"型": 値} の形ではありません');
  const keys = Object.keys(attribute);
  if (keys.length !== 1) throw new DynamoJsonError(`属性値の型記述子が1つではありません（${keys.join(', ')}）`);
  const descriptor = keys[0] as string;
  const value = attribute[descriptor];
  switch (descriptor) {
    case 'S':
    case 'N':
    case 'B':
      if (typeof value !== 'string') throw new DynamoJsonError(`${descriptor} の値が文字列ではありません`);
      return value;
    case 'BOOL':
      if (typeof value !== 'boolean') throw new DynamoJsonError('BOOL の値が真偽値ではありません');
      return value;
    case 'NULL':
      return null;
    case 'SS':
    case 'NS':
    case 'BS':
      return stringList(value, descriptor);
    case 'L':
      if (!Array.isArray(value)) throw new DynamoJsonError('L の値が配列ではありません');
      return value.map(unmarshallValue);
    case 'M':
      if (!isObject(value)) throw new DynamoJsonError('M の値がオブジェクトではありません');
      return unmarshallItem(value);
    default:
      throw new DynamoJsonError(`未知の型記述子 ${descriptor}`);
  }
}

/** A whole item (attribute name → attribute value) → a plain object. */
export function unmarshallItem(item: Record<string, unknown>): { [key: string]: PlainValue } {
  const out: { [key: string]: PlainValue } = {};
  for (const [name, attribute] of Object.entries(item)) out[name] = unmarshallValue(attribute);
  return out;
}

/** Whether a parsed JSON line is an export line: exactly {"Item": {...}}. */
export function isExportLine(value: unknown): value is { Item: Record<string, unknown> } {
  return isObject(value) && Object.keys(value).length === 1 && isObject(value.Item);
}
