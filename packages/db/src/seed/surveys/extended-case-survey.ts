import {
  type BasicNeed,
  type BasicNeedLevel,
  basicNeedQuestionName,
  type LocalizedText,
  type SurveyChoice,
  type SurveyDocument,
  type SurveyQuestion,
} from '@opora/contracts';
import { localized } from './localized.ts';

/**
 * The extended case survey (type `extended-case`), version 1: about the person cared for. Its core is
 * the ten basic needs the care allowance is assessed on (CZ 108/2006 Sb. § 9, vyhláška 505/2006 Sb.),
 * one single-choice question `need-<code>` each, so the result page can show an estimate
 * (contracts' `estimateCareAllowance`). Shipped and possibly answered: never edit it, add a version
 * (docs/surveys.md).
 */

const levelChoices: Record<BasicNeedLevel, Omit<SurveyChoice, 'value'>> = {
  alone: {
    label: localized('Zvládá bez pomoci', 'Manages without help', 'Zvláda bez pomoci'),
  },
  'with-difficulty': {
    label: localized(
      'Zvládá, ale s obtížemi nebo s pomůckou',
      'Manages, but with difficulty or an aid',
      'Zvláda, ale s ťažkosťami alebo s pomôckou',
    ),
  },
  'needs-help': {
    label: localized(
      'Potřebuje pomoc druhého člověka',
      'Needs another person’s help',
      'Potrebuje pomoc druhého človeka',
    ),
    description: localized(
      'Ani s pomůckami to nejde bez toho, aby někdo pomohl nebo dohlížel.',
      'Even with aids, it does not work without someone helping or keeping an eye on things.',
      'Ani s pomôckami to nejde bez toho, aby niekto pomohol alebo dohliadal.',
    ),
  },
};

/** What each basic need covers, in the words families use (the law's wording is longer). */
const needs: Record<BasicNeed, { title: LocalizedText; description: LocalizedText }> = {
  mobility: {
    title: localized('Pohyb', 'Moving around', 'Pohyb'),
    description: localized(
      'Vstát z postele nebo ze židle, pohybovat se po bytě, ujít venku se zastávkami aspoň 200 metrů, ' +
        'vyjít jedno patro po schodech, nastoupit do autobusu nebo tramvaje.',
      'Getting up from bed or a chair, moving around the home, walking 200 metres outside with rests, ' +
        'climbing one flight of stairs, getting on a bus or tram.',
      'Vstať z postele alebo zo stoličky, pohybovať sa po byte, prejsť vonku s prestávkami aspoň ' +
        '200 metrov, vyjsť jedno poschodie po schodoch, nastúpiť do autobusu alebo električky.',
    ),
  },
  orientation: {
    title: localized('Orientace', 'Knowing where and when', 'Orientácia'),
    description: localized(
      'Poznat své blízké, vědět, kde je a jaký je den, vyznat se doma i venku, všimnout si nebezpečí ' +
        'a rozumně na ně zareagovat.',
      'Recognising the people close to them, knowing where they are and what day it is, finding their ' +
        'way at home and outside, noticing danger and reacting sensibly.',
      'Spoznať svojich blízkych, vedieť, kde je a aký je deň, vyznať sa doma aj vonku, všimnúť si ' +
        'nebezpečenstvo a rozumne naň zareagovať.',
    ),
  },
  communication: {
    title: localized('Dorozumění', 'Communicating', 'Dorozumievanie'),
    description: localized(
      'Domluvit se řečí nebo písmem, porozumět tomu, co říkají ostatní, zatelefonovat a přivolat si pomoc.',
      'Making themselves understood in speech or writing, understanding what others say, making a phone ' +
        'call and calling for help.',
      'Dohovoriť sa rečou alebo písmom, porozumieť tomu, čo hovoria ostatní, zatelefonovať a privolať ' +
        'si pomoc.',
    ),
  },
  eating: {
    title: localized('Jídlo a pití', 'Eating and drinking', 'Jedlo a pitie'),
    description: localized(
      'Dát si jídlo na talíř a nakrájet ho, najíst se, dostatečně pít a dodržet dietu, kterou doporučil lékař.',
      'Putting food on a plate and cutting it up, eating, drinking enough and keeping to a diet the doctor ' +
        'recommended.',
      'Dať si jedlo na tanier a nakrájať ho, najesť sa, dostatočne piť a dodržať diétu, ktorú odporučil lekár.',
    ),
  },
  dressing: {
    title: localized('Oblékání a obouvání', 'Dressing', 'Obliekanie a obúvanie'),
    description: localized(
      'Vybrat si oblečení podle počasí, obléknout se a svléknout, obout se a zout.',
      'Choosing clothes for the weather, getting dressed and undressed, putting shoes on and taking them off.',
      'Vybrať si oblečenie podľa počasia, obliecť sa a vyzliecť, obuť sa a vyzuť.',
    ),
  },
  hygiene: {
    title: localized('Tělesná hygiena', 'Washing and personal hygiene', 'Osobná hygiena'),
    description: localized(
      'Umýt se, osprchovat nebo vykoupat, učesat se, vyčistit si zuby, oholit se.',
      'Washing, showering or bathing, combing their hair, brushing their teeth, shaving.',
      'Umyť sa, osprchovať alebo okúpať, učesať sa, vyčistiť si zuby, oholiť sa.',
    ),
  },
  toileting: {
    title: localized('Použití toalety', 'Using the toilet', 'Používanie toalety'),
    description: localized(
      'Dojít včas na záchod, použít ho a očistit se, zvládnout hygienu při úniku moči nebo stolice ' +
        'a výměnu inkontinenčních pomůcek.',
      'Getting to the toilet in time, using it and cleaning up afterwards, coping with incontinence and ' +
        'changing pads.',
      'Dôjsť včas na toaletu, použiť ju a očistiť sa, zvládnuť hygienu pri úniku moču alebo stolice ' +
        'a výmenu inkontinenčných pomôcok.',
    ),
  },
  'health-care': {
    title: localized('Péče o zdraví', 'Looking after their health', 'Starostlivosť o zdravie'),
    description: localized(
      'Brát správné léky ve správnou dobu, dodržovat, co doporučil lékař, ošetřit drobné poranění, ' +
        'změřit si tlak nebo cukr, když je to potřeba.',
      'Taking the right medicines at the right time, following the doctor’s advice, treating a small ' +
        'injury, checking blood pressure or blood sugar when needed.',
      'Brať správne lieky v správny čas, dodržiavať, čo odporučil lekár, ošetriť drobné poranenie, ' +
        'zmerať si tlak alebo cukor, keď je to potrebné.',
    ),
  },
  'personal-activities': {
    title: localized('Osobní aktivity', 'Everyday activities', 'Osobné aktivity'),
    description: localized(
      'Naplánovat si den, udržovat kontakt s rodinou a přáteli, věnovat se svým zájmům, dojít k lékaři ' +
        'nebo si vyřídit věci na poště či na úřadě.',
      'Planning the day, keeping in touch with family and friends, following their interests, getting ' +
        'to the doctor or sorting things out at the post office or the council.',
      'Naplánovať si deň, udržiavať kontakt s rodinou a priateľmi, venovať sa svojim záujmom, zájsť ' +
        'k lekárovi alebo si vybaviť veci na pošte či na úrade.',
    ),
  },
  household: {
    title: localized('Domácnost', 'Running the household', 'Domácnosť'),
    description: localized(
      'Hospodařit s penězi, nakoupit, ohřát nebo uvařit si jednoduché jídlo, umýt nádobí, uklidit, ' +
        'vyprat, vynést odpadky, zacházet s domácími spotřebiči.',
      'Managing money, shopping, heating up or cooking a simple meal, washing up, cleaning, doing the ' +
        'laundry, taking out the rubbish, using household appliances.',
      'Hospodáriť s peniazmi, nakúpiť, zohriať alebo uvariť si jednoduché jedlo, umyť riad, upratať, ' +
        'oprať, vyniesť smeti, zaobchádzať s domácimi spotrebičmi.',
    ),
  },
};

function needQuestion(need: BasicNeed): SurveyQuestion {
  return {
    name: basicNeedQuestionName(need),
    type: 'single',
    required: true,
    ...needs[need],
    choices: (Object.keys(levelChoices) as BasicNeedLevel[]).map((value) => ({
      value,
      ...levelChoices[value],
    })),
  };
}

/** How to answer the need questions; shown on each page of them. */
const needPageDescription = localized(
  'Myslete na běžný den, ne na ten nejlepší. Když něco zvládá jen s holí, chodítkem nebo jinou ' +
    'pomůckou, počítá se to jako zvládnuté s obtížemi. Rozhoduje, jestli je potřeba pomoc nebo dohled ' +
    'druhého člověka.',
  'Think of an ordinary day, not the best one. Managing only with a stick, a walking frame or another ' +
    'aid counts as managing with difficulty. What matters is whether another person has to help or keep ' +
    'an eye on things.',
  'Myslite na bežný deň, nie na ten najlepší. Keď niečo zvláda len s palicou, chodítkom alebo inou ' +
    'pomôckou, počíta sa to ako zvládnuté s ťažkosťami. Rozhoduje, či je potrebná pomoc alebo dohľad ' +
    'druhého človeka.',
);

const yes = localized('Ano', 'Yes', 'Áno');
const no = localized('Ne', 'No', 'Nie');

export const extendedCaseSurveyV1 = {
  title: localized(
    'Co zvládá a s čím potřebuje pomoct',
    'What they manage and where they need help',
    'Čo zvláda a s čím potrebuje pomôcť',
  ),
  description: localized(
    'Projdeme spolu, jak vypadá běžný den člověka, o kterého se staráte. Otázky sledují deset oblastí, ' +
      'podle kterých úřad práce posuzuje příspěvek na péči, takže z odpovědí uvidíte i orientační odhad. ' +
      'Pokud vyplňujete za sebe, odpovídejte o sobě. Zabere to asi deset minut.',
    'Let’s walk through an ordinary day of the person you look after. The questions follow the ten areas ' +
      'the Czech labour office uses to assess the care allowance (příspěvek na péči), so your answers also ' +
      'give you a rough estimate. If you are filling this in for yourself, answer about yourself. It takes ' +
      'about ten minutes.',
    'Spolu prejdeme, ako vyzerá bežný deň človeka, o ktorého sa staráte. Otázky sledujú desať oblastí, ' +
      'podľa ktorých v Česku úrad práce posudzuje príspevok na starostlivosť (příspěvek na péči), takže ' +
      'z odpovedí uvidíte aj orientačný odhad. Ak dotazník vypĺňate za seba, odpovedajte o sebe. Zaberie ' +
      'to asi desať minút.',
  ),
  pages: [
    {
      name: 'home',
      title: localized(
        'Domov a pomoc, která už funguje',
        'Home and the help already in place',
        'Domov a pomoc, ktorá už funguje',
      ),
      description: localized(
        'Na úvod pár otázek, ať víme, z čeho vycházíme.',
        'A few questions first, so we know where things stand.',
        'Na úvod pár otázok, aby sme vedeli, z čoho vychádzame.',
      ),
      questions: [
        {
          name: 'living',
          type: 'single',
          required: false,
          title: localized('S kým teď bydlí?', 'Who do they live with at the moment?', 'S kým teraz býva?'),
          choices: [
            { value: 'alone', label: localized('Sám nebo sama', 'Alone', 'Sám alebo sama') },
            {
              value: 'with-others',
              label: localized(
                'S partnerem, s rodinou nebo s někým dalším',
                'With a partner, family or someone else',
                'S partnerom, s rodinou alebo s niekým ďalším',
              ),
            },
            {
              value: 'facility',
              label: localized(
                'V domově pro seniory nebo v jiném zařízení',
                'In a care home or another facility',
                'V zariadení pre seniorov alebo v inom zariadení',
              ),
            },
          ],
        },
        {
          name: 'current-help',
          type: 'multiple',
          required: false,
          title: localized('Kdo už teď pomáhá?', 'Who helps already?', 'Kto už teraz pomáha?'),
          description: localized(
            'Vyberte vše, co platí.',
            'Choose all that apply.',
            'Vyberte všetko, čo platí.',
          ),
          exclusive: 'none',
          choices: [
            {
              value: 'family',
              label: localized(
                'Rodina, přátelé nebo sousedé',
                'Family, friends or neighbours',
                'Rodina, priatelia alebo susedia',
              ),
            },
            {
              value: 'care-service',
              label: localized(
                'Pečovatelská služba nebo osobní asistence',
                'A home care service or a personal assistant',
                'Opatrovateľská služba alebo osobná asistencia',
              ),
            },
            {
              value: 'home-nursing',
              label: localized(
                'Zdravotní sestra, která dochází domů',
                'A nurse who visits at home',
                'Zdravotná sestra, ktorá chodí domov',
              ),
            },
            {
              value: 'day-centre',
              label: localized(
                'Denní stacionář nebo centrum denních služeb',
                'A day centre',
                'Denný stacionár alebo denné centrum',
              ),
            },
            { value: 'other', label: localized('Někdo jiný', 'Someone else', 'Niekto iný') },
            { value: 'none', label: localized('Zatím nikdo', 'No one yet', 'Zatiaľ nikto') },
          ],
        },
        {
          name: 'care-allowance',
          type: 'single',
          required: false,
          title: localized(
            'Dostává už příspěvek na péči?',
            'Do they already receive the care allowance?',
            'Dostáva už príspevok na starostlivosť?',
          ),
          description: localized(
            'Příspěvek na péči vyplácí úřad práce ve čtyřech stupních podle toho, kolik pomoci člověk potřebuje.',
            'The Czech care allowance (příspěvek na péči) is paid by the labour office in four degrees, ' +
              'depending on how much help a person needs.',
            'V Česku ho vypláca úrad práce v štyroch stupňoch podľa toho, koľko pomoci človek potrebuje ' +
              '(příspěvek na péči).',
          ),
          choices: [
            { value: 'yes', label: yes },
            {
              value: 'applied',
              label: localized(
                'Žádost je podaná, čeká se na rozhodnutí',
                'We have applied and are waiting for a decision',
                'Žiadosť je podaná, čaká sa na rozhodnutie',
              ),
            },
            { value: 'no', label: no },
          ],
        },
        {
          name: 'care-allowance-degree',
          type: 'single',
          required: false,
          visibleIf: { question: 'care-allowance', anyOf: ['yes'] },
          title: localized('V jakém stupni?', 'Which degree?', 'V akom stupni?'),
          choices: [
            {
              value: 'degree-1',
              label: localized('I – lehká závislost', 'I – light dependence', 'I – ľahká závislosť'),
            },
            {
              value: 'degree-2',
              label: localized(
                'II – středně těžká závislost',
                'II – moderate dependence',
                'II – stredne ťažká závislosť',
              ),
            },
            {
              value: 'degree-3',
              label: localized('III – těžká závislost', 'III – severe dependence', 'III – ťažká závislosť'),
            },
            {
              value: 'degree-4',
              label: localized('IV – úplná závislost', 'IV – full dependence', 'IV – úplná závislosť'),
            },
            { value: 'unknown', label: localized('Nevím', 'I don’t know', 'Neviem') },
          ],
        },
      ],
    },
    {
      name: 'self-care',
      title: localized(
        'Pohyb a péče o sebe',
        'Getting around and looking after themselves',
        'Pohyb a starostlivosť o seba',
      ),
      description: needPageDescription,
      questions: (['mobility', 'eating', 'dressing', 'hygiene', 'toileting'] as const).map(needQuestion),
    },
    {
      name: 'mind',
      title: localized(
        'Orientace a dorozumění',
        'Finding their way and communicating',
        'Orientácia a dorozumievanie',
      ),
      description: needPageDescription,
      questions: (['orientation', 'communication'] as const).map(needQuestion),
    },
    {
      name: 'everyday-life',
      title: localized(
        'Zdraví, den a domácnost',
        'Health, the day and the household',
        'Zdravie, deň a domácnosť',
      ),
      description: needPageDescription,
      questions: (['health-care', 'personal-activities', 'household'] as const).map(needQuestion),
    },
  ],
} satisfies SurveyDocument;
