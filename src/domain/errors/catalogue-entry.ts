/** One refusal in the catalogue: the HTTP status it answers with and its sentence in each language ({name} parts filled from its params). */
export interface CatalogueEntry {
  status: number;
  en: string;
  es: string;
}
