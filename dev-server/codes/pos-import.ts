export interface PlaceOfService {
  code: string;
  name: string;
  definition: string;
}

const unescape = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** Place of service codes from the CMS FHIR CodeSystem (each <concept> with code, display, definition). */
export function parsePlaceOfServiceXml(xml: string): PlaceOfService[] {
  const out: PlaceOfService[] = [];
  for (const m of xml.matchAll(/<concept>([\s\S]*?)<\/concept>/g)) {
    const attr = (tag: string) => unescape(new RegExp(`<${tag} value="([^"]*)"`).exec(m[1])?.[1] ?? '');
    const code = attr('code');
    // CMS wrote a trailing * on some displays (66 PACE Center*).
    if (code)
      out.push({ code, name: attr('display').replace(/\*+$/, '').trim(), definition: attr('definition').trim() });
  }
  return out;
}

/** The code list file (schemas/lists/place-of-service.json): stable ids are the codes themselves. */
export const placeOfServiceList = (codes: PlaceOfService[]) => ({
  name: 'Place of service (CMS)',
  items: codes.map((c) => ({ id: c.code, code: c.code, name: c.name, definition: c.definition })),
});
