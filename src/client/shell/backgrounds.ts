// Desktop backgrounds by number (the profile keeps the number; 13 is the default).
const HUES = [
  200, 210, 190, 170, 150, 260, 280, 300, 330, 20, 35, 45, 205, 220, 185, 160, 240, 270, 310, 340, 10, 28, 55, 120, 140,
  230, 250, 290, 320, 0,
];
export const backgroundFor = (n: number, dark: boolean) => {
  const h = HUES[(Math.max(1, Math.min(30, n || 13)) - 1) % HUES.length];
  return dark
    ? `linear-gradient(135deg, hsl(${h} 45% 14%) 0%, hsl(${h + 20} 40% 24%) 100%)`
    : `linear-gradient(135deg, hsl(${h} 80% 38%) 0%, hsl(${h + 15} 85% 62%) 100%)`;
};
