/** A document the server answered (a PDF) opened in a new tab from its bytes: the signed-in call's answer, not a link. */
export const openDocument = (blob: Blob) => window.open(URL.createObjectURL(blob), '_blank', 'noopener');
