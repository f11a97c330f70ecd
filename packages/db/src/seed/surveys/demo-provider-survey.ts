import type { SurveyDocument } from '@opora/contracts';
import { localized } from './localized.ts';

/**
 * A demo provider's own questionnaire (type `service`), asked with requests to its services: what a
 * care home needs to know before it answers. Demo data only; a provider's real forms are its own.
 */
export const demoProviderSurveyV1: SurveyDocument = {
  title: localized(
    'Vlídná péče: co potřebujeme vědět předem',
    'Vlídná péče: what we need to know first',
    'Vlídná péče: čo potrebujeme vedieť vopred',
  ),
  description: localized(
    'Odpovědi nám pomohou posoudit, zda a kdy můžeme péči nabídnout. Vyplnění zabere asi dvě minuty.',
    'Your answers help us judge whether and when we can offer care. It takes about two minutes.',
    'Odpovede nám pomôžu posúdiť, či a kedy môžeme starostlivosť ponúknuť. Vyplnenie trvá asi dve minúty.',
  ),
  pages: [
    {
      name: 'care',
      title: localized('Pohyb a strava', 'Getting around and meals', 'Pohyb a strava'),
      questions: [
        {
          name: 'mobility',
          type: 'single',
          required: true,
          title: localized(
            'Jak se klient pohybuje?',
            'How does the client get around?',
            'Ako sa klient pohybuje?',
          ),
          choices: [
            {
              value: 'independent',
              label: localized('Sám, bez pomůcek', 'On their own, without aids', 'Sám, bez pomôcok'),
            },
            {
              value: 'aid',
              label: localized(
                'S holí nebo chodítkem',
                'With a stick or a walker',
                'S palicou alebo chodítkom',
              ),
            },
            { value: 'wheelchair', label: localized('Na vozíku', 'In a wheelchair', 'Na vozíku') },
            {
              value: 'bedridden',
              label: localized('Upoutaný na lůžko', 'Confined to bed', 'Pripútaný na lôžko'),
            },
          ],
        },
        {
          name: 'diet',
          type: 'single',
          required: true,
          title: localized(
            'Potřebuje klient zvláštní stravu?',
            'Does the client need a special diet?',
            'Potrebuje klient osobitnú stravu?',
          ),
          choices: [
            { value: 'none', label: localized('Ne', 'No', 'Nie') },
            { value: 'diabetic', label: localized('Diabetickou', 'Diabetic', 'Diabetickú') },
            { value: 'other', label: localized('Jinou', 'Another one', 'Inú') },
          ],
        },
        {
          name: 'diet-other',
          type: 'text',
          required: true,
          multiline: false,
          maxLength: 300,
          title: localized('Jakou stravu?', 'Which diet?', 'Akú stravu?'),
          visibleIf: { question: 'diet', anyOf: ['other'] },
        },
      ],
    },
    {
      name: 'start',
      title: localized('Nástup', 'Starting', 'Nástup'),
      questions: [
        {
          name: 'start-date',
          type: 'date',
          required: true,
          title: localized(
            'Od kdy péči potřebujete?',
            'From when do you need care?',
            'Odkedy potrebujete starostlivosť?',
          ),
          min: '2026-01-01',
        },
        {
          name: 'visited',
          type: 'boolean',
          required: false,
          title: localized(
            'Byli jste se u nás už podívat?',
            'Have you visited us already?',
            'Boli ste sa u nás už pozrieť?',
          ),
        },
        {
          name: 'notes',
          type: 'text',
          required: false,
          multiline: true,
          maxLength: 1000,
          title: localized(
            'Co bychom o klientovi měli vědět?',
            'What should we know about the client?',
            'Čo by sme o klientovi mali vedieť?',
          ),
        },
      ],
    },
  ],
};
