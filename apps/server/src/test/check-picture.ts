/**
 * The picture on a test "check" (for the server's deposit tests and the browser tests): a pale
 * rectangle with a pattern of bars drawn from `seed`, so two seeds give pictures far apart and the
 * same seed the same picture, `width` wide (a phone's ~1200 px by default) and 0.45 of it high.
 * `overlay` is SVG drawn over the bars (words on the check). An SVG document, for sharp to encode.
 */
export function checkPicture(seed: number, width = 1200, overlay = ''): string {
  const height = Math.round(width * 0.45);
  let state = seed * 9301 + 49297;
  const random = () => {
    state = (state * 9301 + 49297) % 233280;
    return state / 233280;
  };
  const bars = Array.from({ length: 14 }, () => {
    const x = Math.round(random() * width * 0.9);
    const y = Math.round(random() * height * 0.85);
    const w = Math.round(40 + random() * width * 0.3);
    const h = Math.round(10 + random() * height * 0.25);
    const shade = Math.round(random() * 200);
    return `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="rgb(${shade},${shade},${shade + 40})"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#f4f1e8"/>${bars}${overlay}</svg>`;
}
