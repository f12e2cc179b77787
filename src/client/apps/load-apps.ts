// Every *.app.ts under screens/ and apps/ registers itself: a new screen is a folder, not an edit here.
import.meta.glob(['../screens/**/*.app.ts', './*.app.ts'], { eager: true });
