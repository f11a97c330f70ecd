import {
  caseNotesQuestionName,
  type HelpNeeded,
  helpNeededQuestionName,
  type LocalizedText,
  type SurveyDocument,
} from '@opora/contracts';
import { localized } from './localized.ts';

/**
 * The case survey (type `case`), version 1: what help the family looks for. `help-needed` chooses the
 * service types the pool recommends (contracts' `helpNeededServiceTypes`). Shipped and possibly
 * answered: never edit it, add a version (docs/surveys.md).
 */

/** Each kind of help in the family's words, with the services that give it as the hint. */
const helpNeeded: Record<HelpNeeded, { label: LocalizedText; description: LocalizedText }> = {
  'personal-care-at-home': {
    label: localized(
      'Pomoc doma s péčí o sebe – hygiena, oblékání, jídlo, nákupy',
      'Help at home with personal care – washing, dressing, meals, shopping',
      'Pomoc doma so starostlivosťou o seba – hygiena, obliekanie, jedlo, nákupy',
    ),
    description: localized(
      'Pečovatelská služba nebo osobní asistence',
      'A home care service or a personal assistant',
      'Opatrovateľská služba alebo osobná asistencia',
    ),
  },
  'nursing-at-home': {
    label: localized(
      'Zdravotní péče doma – převazy, injekce, léky',
      'Nursing at home – dressings, injections, medicines',
      'Zdravotná starostlivosť doma – preväzy, injekcie, lieky',
    ),
    description: localized(
      'Domácí zdravotní péče: zdravotní sestra dochází domů',
      'Home nursing: a nurse comes to the home',
      'Domáca ošetrovateľská starostlivosť: zdravotná sestra chodí domov',
    ),
  },
  'emergency-button': {
    label: localized(
      'Tísňové tlačítko pro případ, že se něco stane',
      'An emergency button in case something happens',
      'Tlačidlo na privolanie pomoci, keby sa niečo stalo',
    ),
    description: localized(
      'Tísňová péče: tlačítko na ruce nebo na krku spojí s linkou, která funguje nonstop',
      'A personal alarm: a button worn on the wrist or round the neck connects to a line that answers day and night',
      'Monitorovanie a signalizácia potreby pomoci: tlačidlo na ruke alebo na krku spojí s linkou, ktorá funguje nonstop',
    ),
  },
  'day-programme': {
    label: localized(
      'Program přes den mimo domov – společnost, aktivity, péče',
      'Somewhere to go during the day – company, activities, care',
      'Program cez deň mimo domova – spoločnosť, aktivity, starostlivosť',
    ),
    description: localized(
      'Denní stacionář, centrum denních služeb nebo aktivizační služby',
      'A day care centre, day services or activity groups',
      'Denný stacionár, denné centrum alebo aktivizačné služby',
    ),
  },
  'residential-care': {
    label: localized('Trvalé bydlení s péčí', 'Moving into a care home', 'Trvalé bývanie so starostlivosťou'),
    description: localized(
      'Domov pro seniory nebo domov se zvláštním režimem, například pro lidi s demencí',
      'A home for older people, or a specialised home, for example for people with dementia',
      'Zariadenie pre seniorov alebo špecializované zariadenie, napríklad pre ľudí s demenciou',
    ),
  },
  'carer-break': {
    label: localized(
      'Odpočinek pro vás, kdo pečujete',
      'A break for you as the carer',
      'Oddych pre vás, ktorí sa staráte',
    ),
    description: localized(
      'Odlehčovací služba: péči na pár hodin, dní nebo týdnů převezme někdo jiný',
      'Respite care: someone else takes over for a few hours, days or weeks',
      'Odľahčovacia služba: starostlivosť na pár hodín, dní alebo týždňov prevezme niekto iný',
    ),
  },
  advice: {
    label: localized(
      'Poradit – kde začít a na co máme nárok',
      'Advice – where to start and what we are entitled to',
      'Poradiť – kde začať a na čo máme nárok',
    ),
    description: localized(
      'Sociální poradna pomůže s příspěvky, pomůckami a žádostmi',
      'A social counselling service helps with allowances, aids and applications',
      'Sociálna poradňa pomôže s príspevkami, pomôckami a žiadosťami',
    ),
  },
};

export const caseSurveyV1 = {
  title: localized('Jakou pomoc hledáte', 'The help you are looking for', 'Akú pomoc hľadáte'),
  description: localized(
    'Podle odpovědí vám doporučíme služby ve vašem okolí. K ničemu se tím nezavazujete – poptávku ' +
      'pošlete, až když si službu vyberete.',
    'We use your answers to recommend services near you. Nothing here commits you – you send a request ' +
      'only once you have chosen a service.',
    'Podľa odpovedí vám odporučíme služby vo vašom okolí. K ničomu sa tým nezaväzujete – dopyt pošlete, ' +
      'až keď si službu vyberiete.',
  ),
  pages: [
    {
      name: 'help',
      title: localized('Jaká pomoc', 'What kind of help', 'Aká pomoc'),
      questions: [
        {
          name: helpNeededQuestionName,
          type: 'multiple',
          required: true,
          title: localized(
            'S čím potřebujete pomoct?',
            'What do you need help with?',
            'S čím potrebujete pomôcť?',
          ),
          description: localized(
            'Vyberte vše, co by se hodilo. Pokud nevíte, co vybrat, zvolte poradenství.',
            'Choose everything that would help. If you are not sure, choose advice.',
            'Vyberte všetko, čo by sa hodilo. Ak neviete, čo vybrať, zvoľte poradenstvo.',
          ),
          choices: (Object.keys(helpNeeded) as HelpNeeded[]).map((value) => ({
            value,
            ...helpNeeded[value],
          })),
        },
        {
          name: 'place',
          type: 'single',
          required: true,
          title: localized(
            'Kde by péče měla probíhat?',
            'Where should the care take place?',
            'Kde by mala starostlivosť prebiehať?',
          ),
          choices: [
            { value: 'home', label: localized('Doma', 'At home', 'Doma') },
            {
              value: 'facility',
              label: localized(
                'V zařízení – přes den nebo natrvalo',
                'In a facility – for the day or to live there',
                'V zariadení – cez deň alebo natrvalo',
              ),
            },
            {
              value: 'either',
              label: localized('Obojí připadá v úvahu', 'Either would work', 'Do úvahy pripadá oboje'),
            },
          ],
        },
        {
          name: 'home-nursing-prescribed',
          type: 'boolean',
          required: false,
          visibleIf: { question: helpNeededQuestionName, anyOf: ['nursing-at-home'] },
          title: localized(
            'Předepsal lékař domácí zdravotní péči?',
            'Has a doctor prescribed home nursing?',
            'Odporučil lekár domácu ošetrovateľskú starostlivosť?',
          ),
          description: localized(
            'Když ji předepíše praktický lékař nebo lékař v nemocnici při propuštění, hradí ji zdravotní pojišťovna.',
            'When a GP, or a hospital doctor at discharge, prescribes it, health insurance pays for it.',
            'Keď ju odporučí všeobecný lekár alebo lekár v nemocnici pri prepustení, hradí ju zdravotná poisťovňa.',
          ),
        },
      ],
    },
    {
      name: 'timing',
      title: localized('Kdy a jak často', 'When and how often', 'Kedy a ako často'),
      questions: [
        {
          name: 'frequency',
          type: 'single',
          required: false,
          title: localized(
            'Jak často je pomoc potřeba?',
            'How often is help needed?',
            'Ako často je pomoc potrebná?',
          ),
          choices: [
            {
              value: 'few-times-a-week',
              label: localized('Několikrát týdně', 'A few times a week', 'Niekoľkokrát do týždňa'),
            },
            { value: 'daily', label: localized('Každý den', 'Every day', 'Každý deň') },
            {
              value: 'several-times-a-day',
              label: localized('Několikrát denně', 'Several times a day', 'Niekoľkokrát denne'),
            },
            {
              value: 'round-the-clock',
              label: localized(
                'Nepřetržitě, ve dne i v noci',
                'Round the clock, day and night',
                'Nepretržite, cez deň aj v noci',
              ),
            },
          ],
        },
        {
          name: 'start-date',
          type: 'date',
          required: false,
          title: localized(
            'Od kdy by pomoc měla začít?',
            'When should the help start?',
            'Od kedy by mala pomoc začať?',
          ),
          description: localized('Stačí přibližně.', 'A rough date is fine.', 'Stačí približne.'),
        },
        {
          name: 'urgency',
          type: 'single',
          required: false,
          title: localized('Jak naléhavé to je?', 'How urgent is it?', 'Aké je to naliehavé?'),
          choices: [
            {
              value: 'urgent',
              label: localized(
                'Hned – situace je akutní',
                'Straight away – it is urgent',
                'Hneď – situácia je akútna',
              ),
              description: localized(
                'Třeba když se blíží propuštění z nemocnice.',
                'For example, when a discharge from hospital is coming up.',
                'Napríklad keď sa blíži prepustenie z nemocnice.',
              ),
            },
            {
              value: 'within-weeks',
              label: localized('Během několika týdnů', 'Within a few weeks', 'V priebehu niekoľkých týždňov'),
            },
            {
              value: 'planning-ahead',
              label: localized(
                'Zatím jen plánujeme dopředu',
                'We are planning ahead',
                'Zatiaľ len plánujeme dopredu',
              ),
            },
          ],
        },
      ],
    },
    {
      name: 'budget-and-notes',
      title: localized('Rozpočet a poznámky', 'Budget and notes', 'Rozpočet a poznámky'),
      questions: [
        {
          name: 'budget',
          type: 'number',
          required: false,
          min: 0,
          max: 1_000_000,
          title: localized(
            'Kolik můžete za péči měsíčně dát?',
            'How much can you spend on care each month?',
            'Koľko môžete na starostlivosť mesačne dať?',
          ),
          description: localized(
            'Stačí odhad v korunách, na Slovensku v eurech. Pomůže nám doporučit služby, které dávají ' +
              'smysl. Zdravotní péči předepsanou lékařem hradí pojišťovna, sociální služby se většinou ' +
              'platí. Pokud nevíte, nechte pole prázdné.',
            'A rough figure is enough – in crowns in Czechia, in euros in Slovakia. It helps us recommend ' +
              'services that make sense. Nursing prescribed by a doctor is paid by health insurance; ' +
              'social services are mostly paid for by the family. If you don’t know, leave it empty.',
            'Stačí odhad v eurách, v Česku v korunách. Pomôže nám odporučiť služby, ktoré dávajú zmysel. ' +
              'Zdravotnú starostlivosť predpísanú lekárom hradí poisťovňa, sociálne služby sa väčšinou ' +
              'platia. Ak neviete, nechajte pole prázdne.',
          ),
          unit: localized('Kč / € měsíčně', 'CZK / EUR a month', '€ / Kč mesačne'),
        },
        {
          name: caseNotesQuestionName,
          type: 'text',
          required: false,
          multiline: true,
          maxLength: 2000,
          title: localized(
            'Chcete nám ještě něco říct?',
            'Anything else you would like us to know?',
            'Chcete nám ešte niečo povedať?',
          ),
          description: localized(
            'Cokoli, co by poskytovatel měl vědět – zvyky, obavy, co se zatím osvědčilo.',
            'Anything a provider should know – routines, worries, what has worked so far.',
            'Čokoľvek, čo by mal poskytovateľ vedieť – zvyky, obavy, čo sa zatiaľ osvedčilo.',
          ),
        },
      ],
    },
  ],
} satisfies SurveyDocument;
