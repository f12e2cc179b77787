// Every *.dialogs.ts under screens/ registers its dialogs: a new dialog is a file, not an edit here.
import.meta.glob(['../screens/**/*.dialogs.ts'], { eager: true });
