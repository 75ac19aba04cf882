import { AjvCompiler, type BuildCompilerFromPool } from '@fastify/ajv-compiler';
import type { FastifyServerOptions } from 'fastify';
import { hasBidiControl, hasLoneSurrogate, hasStrayControl, isBlank, isImageUrl, isOneLine, isSaneEmail } from '@courtside/domain';
import { IMAGE_URL_FORMAT, TEXT_KEYWORD, type TextKind } from '@courtside/contracts';

/**
 * How request schemas are checked: Fastify's own Ajv compiler (its defaults: defaults applied,
 * unknown fields dropped, one error at a time) with the product's text rules added, and type
 * coercion only where text is all there is. A query string or a path carries only text, so
 * `?maxPrice=10` must become a number; a JSON body says what it means, so `"12"`, `"0x10"` or
 * `null` where a number belongs is a 400 naming the field, never a price of 12, 16 or 0.
 */

// The contracts' free-text fields carry TEXT_KEYWORD (their kind of text) and image addresses IMAGE_URL_FORMAT.

interface KeywordContext {
  parentData: Record<string, unknown> | unknown[];
  parentDataProperty: string | number;
}
type TextValidator = ((kind: TextKind, data: string, parentSchema: unknown, cxt: KeywordContext) => boolean) & {
  errors?: { keyword: string; message: string; params: Record<string, unknown> }[];
};

/**
 * Trims the text in place (what is stored is what was checked), then refuses what is blank
 * once trimmed, half a surrogate pair anywhere, and control characters: any in a line (a line
 * break there forges lines in the plain-text mail it lands in), any but line breaks and tab
 * in several lines. Lines and paragraphs also refuse the characters that reverse how text displays.
 */
const checkText: TextValidator = (kind, data, _parentSchema, cxt) => {
  const trimmed = data.trim();
  if (trimmed !== data) (cxt.parentData as Record<string | number, unknown>)[cxt.parentDataProperty] = trimmed;
  const fail = (message: string) => {
    checkText.errors = [{ keyword: TEXT_KEYWORD, message, params: { kind } }];
    return false;
  };
  if (isBlank(trimmed)) return fail('must not be blank');
  if (kind === 'line' && !isOneLine(trimmed)) return fail('must be one line of text without control characters');
  if (kind !== 'line' && hasStrayControl(trimmed)) return fail('must not contain control characters other than line breaks and tabs');
  if (hasLoneSurrogate(trimmed)) return fail('must be valid text (it has half of a UTF-16 surrogate pair, an unpaired surrogate)');
  if (kind !== 'prose' && hasBidiControl(trimmed)) return fail('must not contain text-direction control characters (U+200E, U+200F, U+202A-202E, U+2066-2069)');
  return true;
};

type CompilerOptions = NonNullable<FastifyServerOptions['ajv']>;
const vocabulary: CompilerOptions['onCreate'] = (ajv) => {
  ajv.addKeyword({
    keyword: TEXT_KEYWORD,
    type: 'string',
    schemaType: 'string',
    modifying: true,
    errors: true,
    // Before maxLength and minLength: "   " is reported as blank, and the rest sees trimmed text.
    before: 'maxLength',
    validate: checkText as never,
  });
  // Replaces ajv-formats' email, which lets through what breaks a mailto: link (? & % , ;).
  ajv.addFormat('email', { type: 'string', validate: isSaneEmail });
  // Empty is left to the schema's minLength: a photo at sign-up may be empty (the default avatar).
  ajv.addFormat(IMAGE_URL_FORMAT, { type: 'string', validate: (text: string) => text === '' || isImageUrl(text) });
};

/** What Fastify asks a validator compiler for: one schema of one part of one route. */
interface RouteSchema {
  httpPart?: string;
}
type CompileRoute = (route: RouteSchema) => unknown;
type JsonSchemaCompilerOptions = Exclude<Parameters<BuildCompilerFromPool>[1], { mode: 'JTD' } | undefined>;

// One pool per process: its Ajv instances keep what they compiled by schema object, so an app
// built after another (tests build hundreds) compiles none of the same schemas again.
const pool = AjvCompiler();

/** Fastify's `schemaController.compilersFactory.buildValidator`: bodies without coercion, the rest with Fastify's default. */
export function requestValidators(): BuildCompilerFromPool {
  return (externalSchemas, options) => {
    // JSON Schema mode (the only one this app uses): Fastify's plugins and custom options, plus ours.
    const given = (options ?? {}) as JsonSchemaCompilerOptions;
    const build = (coerceTypes: 'array' | false) =>
      pool(externalSchemas, { ...given, customOptions: { ...given.customOptions, coerceTypes }, onCreate: vocabulary }) as unknown as CompileRoute;
    const coercing = build('array');
    const strict = build(false);
    const compile: CompileRoute = (route) => (route.httpPart === 'body' ? strict : coercing)(route);
    // The pool's published type describes Ajv's compile; Fastify calls it with the route (as above).
    return compile as unknown as ReturnType<BuildCompilerFromPool>;
  };
}
