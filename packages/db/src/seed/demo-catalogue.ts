import type { Price } from '@opora/contracts';
import type { Country, Currency, ServiceForm, ServiceStatus } from '../schema/enums.ts';
import type { ServiceTypeCode } from './reference-data.ts';

// A fictional catalogue for demos and manual testing: names, company numbers, phones and addresses are
// invented; e-mail and web addresses use the reserved `.test` domain, so nothing can reach a real
// organisation. Services spread over Prague, Central Bohemia, Plzeň, South Moravia (Brno), Olomouc,
// Moravia-Silesia (Ostrava), Bratislava and Košice.

export interface DemoService {
  key: string;
  type: ServiceTypeCode;
  name: string;
  /** The form it is provided in when not its type's usual one (respite care by day or at home). */
  form?: ServiceForm;
  description: string;
  status: ServiceStatus;
  sponsored?: boolean;
  verified: boolean;
  /**
   * Indicative price in major units of the provider's currency (crowns for Czech providers, euro for
   * Slovak ones), VAT included; null when priced individually. The VAT rate is `demoVatRatePercent`.
   */
  price: number | null;
  /** LAU 1 codes of the counties served. */
  counties: readonly string[];
  place?: string;
}

export interface DemoFacility {
  key: string;
  name: string;
  street: string;
  city: string;
  zipcode: string;
  countyCode: string;
  type: string;
  description: string;
  sameAsProvider?: boolean;
  services: readonly DemoService[];
}

export interface DemoProvider {
  key: string;
  name: string;
  country: Country;
  street: string;
  city: string;
  zipcode: string;
  /** First seven digits of the IČO; the check digit is computed. */
  identificationCodeBase: string;
  taxCodePrefix: 'CZ' | 'SK';
  domain: string;
  contactPhone: string;
  description: string;
  verified: boolean;
  facilities: readonly DemoFacility[];
}

/** IČO with its modulo-11 check digit (same rule in CZ and SK). */
export function withIcoCheckDigit(base: string): string {
  if (!/^[0-9]{7}$/.test(base)) throw new Error(`IČO base must be 7 digits: ${base}`);
  const sum = [...base].reduce((total, digit, index) => total + Number(digit) * (8 - index), 0);
  const remainder = sum % 11;
  const check = remainder === 0 ? 1 : remainder === 1 ? 0 : 11 - remainder;
  return `${base}${check}`;
}

/**
 * A Slovak DIČ for a demo IČO: ten digits divisible by 11 (the DIČ check of the join and the EU's VAT
 * number check), from 2000000002 on as legal persons' are, one per IČO (eleven times a number that
 * grows with the IČO's seven digits before its check digit).
 */
export function slovakTaxCodeFor(identificationCode: string): string {
  return (11n * (181_818_182n + BigInt(identificationCode.slice(0, 7)))).toString();
}

export const demoProviders: readonly DemoProvider[] = [
  {
    key: 'vlidna-pece',
    name: 'Vlídná péče Praha, z. ú.',
    country: 'CZ',
    street: 'Hrnčířská 1287/14',
    city: 'Praha 4',
    zipcode: '149 00',
    identificationCodeBase: '9990101',
    taxCodePrefix: 'CZ',
    domain: 'vlidna-pece.test',
    contactPhone: '+420222100100',
    description:
      'Pobytové a denní služby pro seniory v Praze 4 a Praze 10, včetně oddělení pro lidi s demencí a odlehčovacích pobytů.',
    verified: true,
    facilities: [
      {
        key: 'chodov',
        name: 'Domov Vlídná péče Chodov',
        street: 'Hrnčířská 1287/14',
        city: 'Praha 4',
        zipcode: '149 00',
        countyCode: 'CZ0100',
        type: 'residential-home',
        description: 'Domov s 64 lůžky v jedno- a dvoulůžkových pokojích, se zahradou a vlastní kuchyní.',
        sameAsProvider: true,
        services: [
          {
            key: 'domov',
            type: 'home-for-seniors',
            name: 'Domov pro seniory Chodov',
            description: 'Dlouhodobá pobytová péče s nepřetržitou zdravotní službou.',
            status: 'active',
            sponsored: true,
            verified: true,
            price: 21500,
            counties: ['CZ0100'],
          },
          {
            key: 'dementia',
            type: 'special-regime-home',
            name: 'Oddělení pro lidi s demencí',
            description: 'Uzavřené oddělení pro lidi s Alzheimerovou chorobou a jinými typy demence.',
            status: 'active',
            verified: true,
            price: 23900,
            counties: ['CZ0100'],
          },
          {
            key: 'respite',
            type: 'respite-care',
            name: 'Odlehčovací pobyty Chodov',
            description: 'Pobyty na jeden až dvanáct týdnů, aby si pečující rodina mohla odpočinout.',
            status: 'active',
            verified: true,
            price: 890,
            counties: ['CZ0100', 'CZ0209', 'CZ020A'],
          },
          {
            key: 'pecovatelska',
            type: 'home-care-service',
            name: 'Pečovatelská služba Vlídná péče',
            description: 'Dovoz obědů, nákupy a pomoc s hygienou pro seniory v Praze 4.',
            status: 'active',
            verified: true,
            price: 165,
            counties: ['CZ0100'],
            place: 'V domácnosti klienta',
          },
        ],
      },
      {
        key: 'vrsovice',
        name: 'Centrum denních služeb Vršovice',
        street: 'Moskevská 615/42',
        city: 'Praha 10',
        zipcode: '101 00',
        countyCode: 'CZ0100',
        type: 'day-centre',
        description: 'Denní centrum s programem, obědy a dopravou z domova.',
        services: [
          {
            key: 'cds',
            type: 'day-services-centre',
            name: 'Centrum denních služeb Vršovice',
            description: 'Program ve všední dny 7:30–16:00 s pomocí při hygieně a obědem.',
            status: 'active',
            verified: true,
            price: 450,
            counties: ['CZ0100'],
          },
          {
            key: 'activation',
            type: 'social-activation',
            name: 'Klub aktivních seniorů',
            description: 'Skupinové aktivity, trénink paměti a výlety.',
            status: 'draft',
            verified: false,
            price: 0,
            counties: ['CZ0100'],
          },
        ],
      },
    ],
  },
  {
    key: 'jarni',
    name: 'Pečovatelská služba Jarní, o. p. s.',
    country: 'CZ',
    street: 'Jarní 812/3',
    city: 'Praha 9',
    zipcode: '190 00',
    identificationCodeBase: '9990102',
    taxCodePrefix: 'CZ',
    domain: 'ps-jarni.test',
    contactPhone: '+420222100200',
    description: 'Pečovatelská služba a osobní asistence na severovýchodě Prahy a v okrese Praha-východ.',
    verified: true,
    facilities: [
      {
        key: 'praha-9',
        name: 'Pečovatelská služba Jarní – Praha 9',
        street: 'Jarní 812/3',
        city: 'Praha 9',
        zipcode: '190 00',
        countyCode: 'CZ0100',
        type: 'field-office',
        description: 'Zázemí terénních týmů; služby se poskytují v domácnostech klientů.',
        sameAsProvider: true,
        services: [
          {
            key: 'pecovatelska',
            type: 'home-care-service',
            name: 'Pečovatelská služba v domácnosti',
            description: 'Pomoc s hygienou, jídlem, nákupy a domácností sedm dní v týdnu.',
            status: 'active',
            verified: true,
            price: 160,
            counties: ['CZ0100', 'CZ0209'],
            place: 'V domácnosti klienta',
          },
          {
            key: 'asistence',
            type: 'personal-assistance',
            name: 'Osobní asistence Jarní',
            description: 'Asistence až 24 hodin denně pro lidi se zdravotním postižením.',
            status: 'active',
            verified: true,
            price: 150,
            counties: ['CZ0100', 'CZ0209', 'CZ020A'],
            place: 'V domácnosti klienta i mimo ni',
          },
          {
            key: 'tisnova',
            type: 'emergency-care',
            name: 'Tísňová péče Jarní linka',
            description: 'Tísňové tlačítko s nepřetržitým dispečinkem.',
            status: 'active',
            sponsored: true,
            verified: true,
            price: 390,
            counties: ['CZ0100', 'CZ0209', 'CZ020A', 'CZ0203'],
          },
          {
            key: 'poradenstvi',
            type: 'social-counselling',
            name: 'Poradna pro pečující Jarní',
            description: 'Konzultace po telefonu i osobně: jak zařídit péči, příspěvek na péči a pomůcky.',
            status: 'active',
            verified: true,
            price: 0,
            counties: ['CZ0100', 'CZ0209'],
          },
        ],
      },
    ],
  },
  {
    key: 'lipa',
    name: 'Domácí péče Lípa Brno, s. r. o.',
    country: 'CZ',
    street: 'Údolní 219/38',
    city: 'Brno',
    zipcode: '602 00',
    identificationCodeBase: '9990103',
    taxCodePrefix: 'CZ',
    domain: 'pece-lipa.test',
    contactPhone: '+420541100300',
    description: 'Agentura domácí zdravotní péče a denní stacionář v Brně a okrese Brno-venkov.',
    verified: true,
    facilities: [
      {
        key: 'stred',
        name: 'Lípa – agentura domácí péče Brno-střed',
        street: 'Údolní 219/38',
        city: 'Brno',
        zipcode: '602 00',
        countyCode: 'CZ0642',
        type: 'home-care-agency',
        description: 'Zdravotní sestry a pečovatelky dojíždějí za klienty domů.',
        sameAsProvider: true,
        services: [
          {
            key: 'nursing',
            type: 'home-nursing',
            name: 'Domácí zdravotní péče Lípa',
            description: 'Ošetřovatelská péče doma na doporučení lékaře, hrazená zdravotní pojišťovnou.',
            status: 'active',
            verified: true,
            price: 0,
            counties: ['CZ0642', 'CZ0643'],
            place: 'V domácnosti klienta',
          },
          {
            key: 'pecovatelska',
            type: 'home-care-service',
            name: 'Pečovatelská služba Lípa',
            description: 'Pomoc s osobní péčí a domácností.',
            status: 'active',
            verified: true,
            price: 155,
            counties: ['CZ0642', 'CZ0643'],
          },
          {
            key: 'asistence',
            type: 'personal-assistance',
            name: 'Osobní asistence Lípa',
            description: 'Osobní asistence pro dospělé a seniory.',
            status: 'archive',
            verified: true,
            price: 145,
            counties: ['CZ0642'],
          },
          {
            key: 'tisnova',
            type: 'emergency-care',
            name: 'Tísňová péče Lípa',
            description: 'Náramek s tlačítkem a nepřetržitá linka napojená na terénní sestry.',
            status: 'active',
            verified: true,
            price: 340,
            counties: ['CZ0642', 'CZ0643'],
          },
        ],
      },
      {
        key: 'zabovresky',
        name: 'Denní stacionář Lípa Žabovřesky',
        street: 'Minská 2301/52',
        city: 'Brno',
        zipcode: '616 00',
        countyCode: 'CZ0642',
        type: 'day-centre',
        description: 'Denní péče pro lidi s demencí, všední dny 7:00–17:00.',
        services: [
          {
            key: 'stacionar',
            type: 'day-care-centre',
            name: 'Denní stacionář Žabovřesky',
            description: 'Péče, aktivizace a strava přes den, zatímco je rodina v práci.',
            status: 'active',
            verified: true,
            price: 520,
            counties: ['CZ0642', 'CZ0643'],
          },
          {
            key: 'respite',
            type: 'respite-care',
            name: 'Odlehčovací služba – denní',
            form: 'day',
            description: 'Denní odlehčovací péče i v krátkém termínu.',
            status: 'active',
            verified: true,
            price: 480,
            counties: ['CZ0642'],
          },
        ],
      },
    ],
  },
  {
    key: 'ostravsky-most',
    name: 'Ostravský most, z. s.',
    country: 'CZ',
    street: 'Opavská 6114/51',
    city: 'Ostrava-Poruba',
    zipcode: '708 00',
    identificationCodeBase: '9990104',
    taxCodePrefix: 'CZ',
    domain: 'ostravsky-most.test',
    contactPhone: '+420596100400',
    description: 'Pobytové služby a poradenství pro seniory a jejich rodiny v Ostravě.',
    verified: true,
    facilities: [
      {
        key: 'u-haldy',
        name: 'Domov U Haldy',
        street: 'Opavská 6114/51',
        city: 'Ostrava-Poruba',
        zipcode: '708 00',
        countyCode: 'CZ0806',
        type: 'residential-home',
        description: 'Domov pro 48 obyvatel nedaleko porubského parku.',
        sameAsProvider: true,
        services: [
          {
            key: 'domov',
            type: 'home-for-seniors',
            name: 'Domov pro seniory U Haldy',
            description: 'Pobytová péče s fyzioterapeutem a aktivizačním programem.',
            status: 'active',
            verified: true,
            price: 19800,
            counties: ['CZ0806'],
          },
          {
            key: 'dzr',
            type: 'special-regime-home',
            name: 'Domov se zvláštním režimem U Haldy',
            description: 'Péče o lidi s demencí nebo dlouhodobým duševním onemocněním.',
            status: 'active',
            verified: true,
            price: 21200,
            counties: ['CZ0806', 'CZ0803'],
          },
          {
            key: 'respite',
            type: 'respite-care',
            name: 'Odlehčovací pobyty U Haldy',
            description: 'Krátkodobé pobyty až na tři měsíce.',
            status: 'active',
            verified: true,
            price: 820,
            counties: ['CZ0806', 'CZ0802', 'CZ0803'],
          },
          {
            key: 'nursing',
            type: 'home-nursing',
            name: 'Domácí zdravotní péče U Haldy',
            description: 'Převazy, aplikace injekcí a ošetřovatelská péče doma, hrazeno pojišťovnou.',
            status: 'active',
            verified: true,
            price: 0,
            counties: ['CZ0806'],
            place: 'V domácnosti klienta',
          },
        ],
      },
      {
        key: 'poradna',
        name: 'Poradna Ostravský most',
        street: 'Nádražní 1120/28',
        city: 'Ostrava',
        zipcode: '702 00',
        countyCode: 'CZ0806',
        type: 'counselling-centre',
        description: 'Bezplatné poradenství k příspěvku na péči, kompenzačním pomůckám a možnostem péče.',
        services: [
          {
            key: 'poradenstvi',
            type: 'social-counselling',
            name: 'Odborné sociální poradenství pro pečující',
            description: 'Pomoc s příspěvkem na péči, pomůckami a výběrem služby.',
            status: 'active',
            verified: true,
            price: 0,
            counties: ['CZ0806', 'CZ0802', 'CZ0803', 'CZ0805'],
          },
          {
            key: 'aktivizace',
            type: 'social-activation',
            name: 'Aktivizační skupiny Poruba',
            description: 'Týdenní skupiny pro osaměle žijící seniory.',
            status: 'active',
            verified: true,
            price: 0,
            counties: ['CZ0806'],
          },
        ],
      },
    ],
  },
  {
    key: 'doteky',
    name: 'Doteky Olomouc, z. ú.',
    country: 'CZ',
    street: 'Dobrovského 640/9',
    city: 'Olomouc',
    zipcode: '779 00',
    identificationCodeBase: '9990105',
    taxCodePrefix: 'CZ',
    domain: 'doteky-olomouc.test',
    contactPhone: '+420585100500',
    description: 'Nový poskytovatel osobní asistence a odlehčovací služby v Olomouci.',
    verified: false,
    facilities: [
      {
        key: 'olomouc',
        name: 'Doteky – středisko Olomouc',
        street: 'Dobrovského 640/9',
        city: 'Olomouc',
        zipcode: '779 00',
        countyCode: 'CZ0712',
        type: 'field-office',
        description: 'Kancelář týmu asistentů.',
        sameAsProvider: true,
        services: [
          {
            key: 'asistence',
            type: 'personal-assistance',
            name: 'Osobní asistence Doteky',
            description: 'Asistence doma, ve škole i v práci.',
            status: 'active',
            verified: false,
            price: 140,
            counties: ['CZ0712', 'CZ0713'],
          },
          {
            key: 'respite',
            type: 'respite-care',
            name: 'Terénní odlehčovací služba Doteky',
            form: 'field',
            description: 'Pečovatelka přijde domů, aby si rodina mohla odpočinout.',
            place: 'V domácnosti klienta',
            status: 'active',
            verified: false,
            price: 150,
            counties: ['CZ0712'],
          },
          {
            key: 'pecovatelska',
            type: 'home-care-service',
            name: 'Pečovatelská služba Doteky',
            description: 'Služba se připravuje k registraci.',
            status: 'draft',
            verified: false,
            price: null,
            counties: ['CZ0712'],
          },
        ],
      },
    ],
  },
  {
    key: 'javor',
    name: 'Domov Javor Plzeň, p. o.',
    country: 'CZ',
    street: 'Klatovská třída 1955/120',
    city: 'Plzeň',
    zipcode: '301 00',
    identificationCodeBase: '9990106',
    taxCodePrefix: 'CZ',
    domain: 'domov-javor.test',
    contactPhone: '+420377100600',
    description: 'Pobytové a denní služby pro seniory v Plzni.',
    verified: true,
    facilities: [
      {
        key: 'bory',
        name: 'Domov Javor Bory',
        street: 'Klatovská třída 1955/120',
        city: 'Plzeň',
        zipcode: '301 00',
        countyCode: 'CZ0323',
        type: 'residential-home',
        description: 'Domov pro 90 obyvatel.',
        sameAsProvider: true,
        services: [
          {
            key: 'domov',
            type: 'home-for-seniors',
            name: 'Domov pro seniory Javor',
            description: 'Pobytová péče se zdravotní péčí, fyzioterapií a kaplí.',
            status: 'active',
            verified: true,
            price: 18900,
            counties: ['CZ0323', 'CZ0324', 'CZ0325'],
          },
          {
            key: 'respite',
            type: 'respite-care',
            name: 'Odlehčovací pobyty Javor',
            description: 'Krátkodobé pobyty s rezervací až šest měsíců dopředu.',
            status: 'archive',
            verified: true,
            price: 760,
            counties: ['CZ0323'],
          },
          {
            key: 'dzr',
            type: 'special-regime-home',
            name: 'Domov se zvláštním režimem Javor',
            description: 'Nové oddělení pro lidi s demencí, otevření se připravuje.',
            status: 'draft',
            verified: false,
            price: 20900,
            counties: ['CZ0323'],
          },
        ],
      },
      {
        key: 'slovany',
        name: 'Denní stacionář Javor Slovany',
        street: 'Jiráskovo náměstí 2497/4',
        city: 'Plzeň',
        zipcode: '326 00',
        countyCode: 'CZ0323',
        type: 'day-centre',
        description: 'Denní péče s dopravou po Plzni.',
        services: [
          {
            key: 'stacionar',
            type: 'day-care-centre',
            name: 'Denní stacionář Slovany',
            description: 'Péče ve všední dny pro seniory a dospělé se zdravotním postižením.',
            status: 'active',
            verified: true,
            price: 430,
            counties: ['CZ0323'],
          },
          {
            key: 'cds',
            type: 'day-services-centre',
            name: 'Centrum denních služeb Slovany',
            description: 'Hygiena, praní prádla a obědy pro lidi žijící doma.',
            status: 'active',
            verified: true,
            price: 380,
            counties: ['CZ0323', 'CZ0324'],
          },
        ],
      },
    ],
  },
  {
    key: 'dunaj',
    name: 'Opatrovateľská služba Dunaj, n. o.',
    country: 'SK',
    street: 'Ružinovská 4120/38',
    city: 'Bratislava',
    zipcode: '821 01',
    identificationCodeBase: '9990107',
    taxCodePrefix: 'SK',
    domain: 'os-dunaj.test',
    contactPhone: '+421221100700',
    description: 'Opatrovateľská služba, zariadenie pre seniorov a denný stacionár v Bratislave.',
    verified: true,
    facilities: [
      {
        key: 'ruzinov',
        name: 'Zariadenie pre seniorov Dunaj Ružinov',
        street: 'Ružinovská 4120/38',
        city: 'Bratislava',
        zipcode: '821 01',
        countyCode: 'SK0102',
        type: 'residential-home',
        description: 'Zariadenie pre 72 seniorov.',
        sameAsProvider: true,
        services: [
          {
            key: 'domov',
            type: 'home-for-seniors',
            name: 'Zariadenie pre seniorov Ružinov',
            description: 'Celoročná pobytová starostlivosť s ošetrovateľskou službou.',
            status: 'active',
            sponsored: true,
            verified: true,
            price: 980,
            counties: ['SK0102', 'SK0101', 'SK0103'],
          },
          {
            key: 'opatrovatelska',
            type: 'home-care-service',
            name: 'Opatrovateľská služba v domácnosti',
            description: 'Pomoc doma so sebaobsluhou a domácnosťou.',
            status: 'active',
            verified: true,
            price: 2.9,
            counties: ['SK0101', 'SK0102', 'SK0103', 'SK0104', 'SK0105'],
            place: 'V domácnosti klienta',
          },
          {
            key: 'dzr',
            type: 'special-regime-home',
            name: 'Zariadenie so špecializovaným režimom Dunaj',
            description: 'Starostlivosť o ľudí s demenciou.',
            status: 'draft',
            verified: false,
            price: 1040,
            counties: ['SK0102'],
          },
        ],
      },
      {
        key: 'petrzalka',
        name: 'Denný stacionár Dunaj Petržalka',
        street: 'Romanova 1022/35',
        city: 'Bratislava',
        zipcode: '851 02',
        countyCode: 'SK0105',
        type: 'day-centre',
        description: 'Denný stacionár pri železničnej stanici Petržalka.',
        services: [
          {
            key: 'stacionar',
            type: 'day-care-centre',
            name: 'Denný stacionár Petržalka',
            description: 'Starostlivosť v pracovné dni s obedom a aktivitami.',
            status: 'active',
            verified: true,
            price: 18.5,
            counties: ['SK0105', 'SK0101'],
          },
          {
            key: 'poradenstvo',
            type: 'social-counselling',
            name: 'Odborné sociálne poradenstvo Dunaj',
            description: 'Poradenstvo pre rodiny, ktoré sa starajú o blízkeho.',
            status: 'active',
            verified: true,
            price: 0,
            counties: ['SK0101', 'SK0102', 'SK0103', 'SK0104', 'SK0105', 'SK0106', 'SK0107', 'SK0108'],
          },
          {
            key: 'aktivizacia',
            type: 'social-activation',
            name: 'Klub seniorov Dunaj',
            description: 'Stretnutia, tréning pamäti a výlety pre seniorov z Petržalky.',
            status: 'active',
            verified: true,
            price: 0,
            counties: ['SK0105'],
          },
        ],
      },
    ],
  },
  {
    key: 'harmonia',
    name: 'Harmónia Košice, s. r. o.',
    country: 'SK',
    street: 'Južná trieda 1580/64',
    city: 'Košice',
    zipcode: '040 01',
    identificationCodeBase: '9990108',
    taxCodePrefix: 'SK',
    domain: 'harmonia-kosice.test',
    contactPhone: '+421552100800',
    description: 'Domáca ošetrovateľská starostlivosť (ADOS) a opatrovateľská služba v Košiciach a okolí.',
    verified: true,
    facilities: [
      {
        key: 'juh',
        name: 'Harmónia – ADOS Košice-Juh',
        street: 'Južná trieda 1580/64',
        city: 'Košice',
        zipcode: '040 01',
        countyCode: 'SK0425',
        type: 'home-care-agency',
        description: 'Agentúra domácej ošetrovateľskej starostlivosti.',
        sameAsProvider: true,
        services: [
          {
            key: 'ados',
            type: 'home-nursing',
            name: 'Domáca ošetrovateľská starostlivosť Harmónia',
            description:
              'Ošetrovateľská starostlivosť doma na odporúčanie lekára, hradená zdravotnou poisťovňou.',
            status: 'active',
            verified: true,
            price: 0,
            counties: ['SK0422', 'SK0423', 'SK0424', 'SK0425', 'SK0426'],
            place: 'V domácnosti klienta',
          },
          {
            key: 'opatrovatelska',
            type: 'home-care-service',
            name: 'Opatrovateľská služba Harmónia',
            description: 'Pomoc s každodennými úlohami pre seniorov žijúcich doma.',
            status: 'active',
            verified: true,
            price: 2.6,
            counties: ['SK0422', 'SK0423', 'SK0424', 'SK0425'],
          },
        ],
      },
      {
        key: 'zapad',
        name: 'Harmónia – centrum Košice-Západ',
        street: 'Trieda SNP 1320/48',
        city: 'Košice',
        zipcode: '040 11',
        countyCode: 'SK0423',
        type: 'day-centre',
        description: 'Denný stacionár a dispečing tiesňovej linky.',
        services: [
          {
            key: 'stacionar',
            type: 'day-care-centre',
            name: 'Denný stacionár Západ',
            description: 'Starostlivosť v pracovné dni s fyzioterapiou.',
            status: 'active',
            verified: true,
            price: 17,
            counties: ['SK0423', 'SK0422'],
          },
          {
            key: 'tiesnova',
            type: 'emergency-care',
            name: 'Monitorovanie a signalizácia potreby pomoci',
            description: 'Tiesňové tlačidlo s nepretržitým dispečingom.',
            status: 'active',
            verified: true,
            price: 14.9,
            counties: ['SK0422', 'SK0423', 'SK0424', 'SK0425', 'SK0426'],
          },
          {
            key: 'respite',
            type: 'respite-care',
            name: 'Odľahčovacia služba Harmónia',
            description: 'Krátkodobé pobyty, aby si opatrujúca rodina oddýchla.',
            status: 'active',
            verified: true,
            price: 29.5,
            counties: ['SK0423'],
          },
        ],
      },
    ],
  },
];

// The rest of the 22 regions, one provider each, from a compact table: enough to browse every region
// and to filter by several types in each. Status and flags vary so lists show verified, unverified and
// sponsored services, and draft or archived ones exist that must never appear publicly.
//
// Jeseník (CZ0711, Olomoucký kraj) deliberately has no services while its region has some: the county
// fallback (SPEC §4) is demonstrated and browser-tested there. Keep every demo service out of it.
export const demoEmptyCountyCode = 'CZ0711';

const currencyOf: Record<Country, Currency> = { CZ: 'CZK', SK: 'EUR' };

/**
 * The VAT rate of a demo price: social services and home nursing are exempt (0), except emergency
 * care, whose alarm devices and call centre the demo has a commercial operator supply at the country's
 * standard rate (21 % CZ, 23 % SK) — so the catalogue shows prices with and without VAT.
 */
export function demoVatRatePercent(country: Country, type: ServiceTypeCode): number {
  if (type !== 'emergency-care') return 0;
  return country === 'CZ' ? 21 : 23;
}

/** A demo service's price as stored: minor units, the provider's currency, the demo VAT rate. */
export function demoPrice(country: Country, service: Pick<DemoService, 'price' | 'type'>): Price | null {
  if (service.price === null) return null;
  return {
    amountMinor: Math.round(service.price * 100),
    currency: currencyOf[country],
    vatRatePercent: demoVatRatePercent(country, service.type),
  };
}

type CompactService = readonly [
  type: ServiceTypeCode,
  price: number | null,
  counties: readonly string[],
  options?: { status?: ServiceStatus; sponsored?: boolean },
];

interface CompactProvider {
  key: string;
  /** Organisation name without its legal form. */
  name: string;
  country: Country;
  /** The brand used in service names ("Pečovatelská služba Vltava"). */
  brand: string;
  legalForm: string;
  city: string;
  street: string;
  zipcode: string;
  countyCode: string;
  identificationCodeBase: string;
  domain: string;
  contactPhone: string;
  verified: boolean;
  services: readonly CompactService[];
}

const serviceNames: Record<Country, Record<ServiceTypeCode, string>> = {
  CZ: {
    'personal-assistance': 'Osobní asistence',
    'home-care-service': 'Pečovatelská služba',
    'emergency-care': 'Tísňová péče',
    'respite-care': 'Odlehčovací služba',
    'day-services-centre': 'Centrum denních služeb',
    'day-care-centre': 'Denní stacionář',
    'home-for-seniors': 'Domov pro seniory',
    'special-regime-home': 'Domov se zvláštním režimem',
    'social-activation': 'Sociálně aktivizační služba',
    'social-counselling': 'Odborné sociální poradenství',
    'home-nursing': 'Domácí zdravotní péče',
  },
  SK: {
    'personal-assistance': 'Osobná asistencia',
    'home-care-service': 'Opatrovateľská služba',
    'emergency-care': 'Monitorovanie a signalizácia potreby pomoci',
    'respite-care': 'Odľahčovacia služba',
    'day-services-centre': 'Denné centrum',
    'day-care-centre': 'Denný stacionár',
    'home-for-seniors': 'Zariadenie pre seniorov',
    'special-regime-home': 'Zariadenie so špecializovaným režimom',
    'social-activation': 'Klub seniorov',
    'social-counselling': 'Odborné sociálne poradenstvo',
    'home-nursing': 'Domáca ošetrovateľská starostlivosť',
  },
};

const serviceDescriptions: Record<Country, Record<ServiceTypeCode, string>> = {
  CZ: {
    'personal-assistance':
      'Asistent pomáhá doma i venku s tím, co člověk kvůli postižení nebo věku nezvládne sám.',
    'home-care-service': 'Pomoc s hygienou, jídlem, nákupy a domácností v bytě klienta.',
    'emergency-care': 'Tísňové tlačítko s nepřetržitým dispečinkem, který v nouzi zajistí pomoc.',
    'respite-care': 'Krátkodobá péče, aby si pečující rodina mohla odpočinout.',
    'day-services-centre': 'Hygiena, praní prádla, obědy a poradenství pro lidi žijící doma.',
    'day-care-centre': 'Péče a program ve všední dny, zatímco je rodina v práci.',
    'home-for-seniors': 'Dlouhodobá pobytová péče s nepřetržitou pomocí a zdravotní péčí.',
    'special-regime-home': 'Pobytová péče pro lidi s demencí nebo dlouhodobým duševním onemocněním.',
    'social-activation': 'Skupinové aktivity, trénink paměti a výlety pro seniory.',
    'social-counselling': 'Rada k příspěvku na péči, pomůckám a výběru služby, zdarma.',
    'home-nursing': 'Ošetřovatelská péče doma na doporučení lékaře, hrazená zdravotní pojišťovnou.',
  },
  SK: {
    'personal-assistance':
      'Asistent pomáha doma aj vonku s tým, čo človek pre postihnutie alebo vek nezvládne sám.',
    'home-care-service': 'Pomoc so sebaobsluhou, stravou, nákupmi a domácnosťou v byte klienta.',
    'emergency-care': 'Tiesňové tlačidlo s nepretržitým dispečingom, ktorý v núdzi zabezpečí pomoc.',
    'respite-care': 'Krátkodobá starostlivosť, aby si opatrujúca rodina oddýchla.',
    'day-services-centre': 'Spoločenské aktivity, obedy a poradenstvo pre ľudí žijúcich doma.',
    'day-care-centre': 'Starostlivosť a program v pracovné dni, kým je rodina v práci.',
    'home-for-seniors': 'Celoročná pobytová starostlivosť s ošetrovateľskou službou.',
    'special-regime-home': 'Pobytová starostlivosť o ľudí s demenciou alebo dlhodobým duševným ochorením.',
    'social-activation': 'Stretnutia, tréning pamäti a výlety pre seniorov.',
    'social-counselling': 'Rada k príspevkom, pomôckam a výberu služby, bezplatne.',
    'home-nursing': 'Ošetrovateľská starostlivosť doma na odporúčanie lekára, hradená zdravotnou poisťovňou.',
  },
};

const fieldTypes: ReadonlySet<ServiceTypeCode> = new Set([
  'personal-assistance',
  'home-care-service',
  'home-nursing',
]);

const compactProviders: readonly CompactProvider[] = [
  {
    key: 'kladensko',
    name: 'Péče Kladensko',
    country: 'CZ',
    brand: 'Kladensko',
    legalForm: 'z. ú.',
    city: 'Kladno',
    street: 'Váňova 1604',
    zipcode: '272 01',
    countyCode: 'CZ0203',
    identificationCodeBase: '9990111',
    domain: 'pece-kladensko.test',
    contactPhone: '+420312100111',
    verified: true,
    services: [
      ['home-care-service', 150, ['CZ0203', 'CZ020C', 'CZ0202']],
      ['day-care-centre', 420, ['CZ0203']],
      ['home-for-seniors', 19500, ['CZ0203'], { sponsored: true }],
      ['social-activation', 0, ['CZ0203'], { status: 'draft' }],
    ],
  },
  {
    key: 'vltava',
    name: 'Pečovatelská služba Vltava',
    country: 'CZ',
    brand: 'Vltava',
    legalForm: 'o. p. s.',
    city: 'České Budějovice',
    street: 'Lannova třída 1203/27',
    zipcode: '370 01',
    countyCode: 'CZ0311',
    identificationCodeBase: '9990112',
    domain: 'ps-vltava.test',
    contactPhone: '+420387100112',
    verified: true,
    services: [
      ['home-care-service', 145, ['CZ0311', 'CZ0312']],
      ['personal-assistance', 140, ['CZ0311', 'CZ0314', 'CZ0317']],
      ['respite-care', 780, ['CZ0311']],
      ['home-nursing', 0, ['CZ0311', 'CZ0312', 'CZ0316']],
    ],
  },
  {
    key: 'lazne',
    name: 'Lázeňský domov Karlovy Vary',
    country: 'CZ',
    brand: 'Lázeňský domov',
    legalForm: 'p. o.',
    city: 'Karlovy Vary',
    street: 'Moskevská 1054/21',
    zipcode: '360 01',
    countyCode: 'CZ0412',
    identificationCodeBase: '9990113',
    domain: 'lazensky-domov.test',
    contactPhone: '+420353100113',
    verified: true,
    services: [
      ['home-for-seniors', 18700, ['CZ0412', 'CZ0413']],
      ['special-regime-home', 20400, ['CZ0412']],
      ['social-counselling', 0, ['CZ0411', 'CZ0412', 'CZ0413']],
      ['day-services-centre', 350, ['CZ0412'], { status: 'archive' }],
    ],
  },
  {
    key: 'labe',
    name: 'Pomoc Labe',
    country: 'CZ',
    brand: 'Labe',
    legalForm: 'z. s.',
    city: 'Ústí nad Labem',
    street: 'Velká Hradební 3118/48',
    zipcode: '400 01',
    countyCode: 'CZ0427',
    identificationCodeBase: '9990114',
    domain: 'pomoc-labe.test',
    contactPhone: '+420475100114',
    verified: false,
    services: [
      ['personal-assistance', 135, ['CZ0427', 'CZ0426', 'CZ0421']],
      ['emergency-care', 320, ['CZ0421', 'CZ0422', 'CZ0423', 'CZ0424', 'CZ0425', 'CZ0426', 'CZ0427']],
      ['day-care-centre', 400, ['CZ0427']],
    ],
  },
  {
    key: 'jested',
    name: 'Domácí péče Ještěd',
    country: 'CZ',
    brand: 'Ještěd',
    legalForm: 's. r. o.',
    city: 'Liberec',
    street: 'Jablonecká 720/23',
    zipcode: '460 01',
    countyCode: 'CZ0513',
    identificationCodeBase: '9990115',
    domain: 'pece-jested.test',
    contactPhone: '+420485100115',
    verified: true,
    services: [
      ['home-nursing', 0, ['CZ0513', 'CZ0512']],
      ['home-care-service', 160, ['CZ0513', 'CZ0512', 'CZ0511']],
      ['respite-care', 850, ['CZ0513'], { sponsored: true }],
    ],
  },
  {
    key: 'orlice',
    name: 'Domov Orlice',
    country: 'CZ',
    brand: 'Orlice',
    legalForm: 'z. ú.',
    city: 'Hradec Králové',
    street: 'Pospíšilova třída 365/9',
    zipcode: '500 03',
    countyCode: 'CZ0521',
    identificationCodeBase: '9990116',
    domain: 'domov-orlice.test',
    contactPhone: '+420495100116',
    verified: true,
    services: [
      ['home-for-seniors', 20100, ['CZ0521', 'CZ0522']],
      ['day-services-centre', 360, ['CZ0521']],
      ['social-activation', 0, ['CZ0521', 'CZ0523']],
      ['personal-assistance', 150, ['CZ0521', 'CZ0524', 'CZ0525'], { status: 'draft' }],
    ],
  },
  {
    key: 'perla',
    name: 'Perla Pardubice',
    country: 'CZ',
    brand: 'Perla',
    legalForm: 'o. p. s.',
    city: 'Pardubice',
    street: 'Sladkovského 506/11',
    zipcode: '530 02',
    countyCode: 'CZ0532',
    identificationCodeBase: '9990117',
    domain: 'perla-pardubice.test',
    contactPhone: '+420466100117',
    verified: true,
    services: [
      ['home-care-service', 150, ['CZ0532', 'CZ0531']],
      ['emergency-care', 330, ['CZ0531', 'CZ0532', 'CZ0533', 'CZ0534']],
      ['day-care-centre', 440, ['CZ0532']],
    ],
  },
  {
    key: 'vysocina',
    name: 'Asistence Vysočina',
    country: 'CZ',
    brand: 'Vysočina',
    legalForm: 'z. s.',
    city: 'Jihlava',
    street: 'Žižkova 1872/93',
    zipcode: '586 01',
    countyCode: 'CZ0632',
    identificationCodeBase: '9990118',
    domain: 'pece-vysocina.test',
    contactPhone: '+420567100118',
    verified: false,
    services: [
      ['personal-assistance', 130, ['CZ0632', 'CZ0631', 'CZ0634']],
      ['respite-care', 700, ['CZ0632']],
      ['social-counselling', 0, ['CZ0631', 'CZ0632', 'CZ0633', 'CZ0634', 'CZ0635']],
    ],
  },
  {
    key: 'hana',
    name: 'Senior centrum Haná',
    country: 'CZ',
    brand: 'Haná',
    legalForm: 'z. ú.',
    city: 'Přerov',
    street: 'Kratochvílova 2960/12',
    zipcode: '750 02',
    countyCode: 'CZ0714',
    identificationCodeBase: '9990119',
    domain: 'pece-hana.test',
    contactPhone: '+420581100119',
    verified: true,
    services: [
      ['home-for-seniors', 18400, ['CZ0714', 'CZ0712']],
      ['home-nursing', 0, ['CZ0714', 'CZ0715']],
      ['day-care-centre', 410, ['CZ0714'], { status: 'archive' }],
    ],
  },
  {
    key: 'barevny-svet',
    name: 'Barevný svět Zlín',
    country: 'CZ',
    brand: 'Barevný svět',
    legalForm: 'o. p. s.',
    city: 'Zlín',
    street: 'Štefánikova 2664/19',
    zipcode: '760 01',
    countyCode: 'CZ0724',
    identificationCodeBase: '9990120',
    domain: 'barevny-svet.test',
    contactPhone: '+420577100120',
    verified: true,
    services: [
      ['day-care-centre', 450, ['CZ0724', 'CZ0721']],
      ['home-care-service', 155, ['CZ0724', 'CZ0722', 'CZ0723']],
      ['special-regime-home', 21800, ['CZ0724'], { sponsored: true }],
    ],
  },
  {
    key: 'zahorie',
    name: 'Opatrovateľská služba Záhorie',
    country: 'SK',
    brand: 'Záhorie',
    legalForm: 'n. o.',
    city: 'Trnava',
    street: 'Hospodárska 2985/44',
    zipcode: '917 01',
    countyCode: 'SK0217',
    identificationCodeBase: '9990121',
    domain: 'os-zahorie.test',
    contactPhone: '+421335100121',
    verified: true,
    services: [
      ['home-care-service', 2.8, ['SK0217', 'SK0213', 'SK0214']],
      ['home-for-seniors', 950, ['SK0217']],
      ['day-care-centre', 18, ['SK0217'], { status: 'draft' }],
    ],
  },
  {
    key: 'vah',
    name: 'Zariadenie Váh',
    country: 'SK',
    brand: 'Váh',
    legalForm: 'n. o.',
    city: 'Trenčín',
    street: 'Legionárska 7158/5',
    zipcode: '911 01',
    countyCode: 'SK0229',
    identificationCodeBase: '9990122',
    domain: 'zariadenie-vah.test',
    contactPhone: '+421325100122',
    verified: true,
    services: [
      ['home-for-seniors', 960, ['SK0229', 'SK0222']],
      ['respite-care', 29, ['SK0229']],
      ['home-nursing', 0, ['SK0229', 'SK0224', 'SK0226']],
    ],
  },
  {
    key: 'zobor',
    name: 'Spolu pod Zoborom',
    country: 'SK',
    brand: 'Zobor',
    legalForm: 'n. o.',
    city: 'Nitra',
    street: 'Štefánikova trieda 4206/69',
    zipcode: '949 01',
    countyCode: 'SK0233',
    identificationCodeBase: '9990123',
    domain: 'zobor-nitra.test',
    contactPhone: '+421375100123',
    verified: false,
    services: [
      ['home-care-service', 2.6, ['SK0233', 'SK0236', 'SK0237']],
      ['social-activation', 0, ['SK0233']],
      ['personal-assistance', 4.9, ['SK0233', 'SK0232']],
    ],
  },
  {
    key: 'mala-fatra',
    name: 'Malá Fatra Žilina',
    country: 'SK',
    brand: 'Malá Fatra',
    legalForm: 'n. o.',
    city: 'Žilina',
    street: 'Vysokoškolákov 8556/33',
    zipcode: '010 08',
    countyCode: 'SK031B',
    identificationCodeBase: '9990124',
    domain: 'mala-fatra.test',
    contactPhone: '+421415100124',
    verified: true,
    services: [
      ['day-care-centre', 17.5, ['SK031B', 'SK0311']],
      ['emergency-care', 13.9, ['SK031B', 'SK0316', 'SK0314', 'SK0312']],
      ['special-regime-home', 1010, ['SK031B'], { sponsored: true }],
    ],
  },
  {
    key: 'hron',
    name: 'ADOS Hron',
    country: 'SK',
    brand: 'Hron',
    legalForm: 's. r. o.',
    city: 'Banská Bystrica',
    street: 'Partizánska cesta 3134/71',
    zipcode: '974 01',
    countyCode: 'SK0321',
    identificationCodeBase: '9990125',
    domain: 'ados-hron.test',
    contactPhone: '+421485100125',
    verified: true,
    services: [
      ['home-nursing', 0, ['SK0321', 'SK032B', 'SK0323']],
      ['home-care-service', 2.7, ['SK0321', 'SK032B']],
      ['social-counselling', 0, ['SK0321', 'SK032B', 'SK032D'], { status: 'archive' }],
    ],
  },
  {
    key: 'tatry',
    name: 'Domov pod Tatrami',
    country: 'SK',
    brand: 'Pod Tatrami',
    legalForm: 'n. o.',
    city: 'Prešov',
    street: 'Sabinovská 5620/16',
    zipcode: '080 01',
    countyCode: 'SK0417',
    identificationCodeBase: '9990126',
    domain: 'pod-tatrami.test',
    contactPhone: '+421515100126',
    verified: true,
    services: [
      ['home-for-seniors', 920, ['SK0417', 'SK0418']],
      ['home-care-service', 2.5, ['SK0417', 'SK0416', 'SK0413']],
      ['day-services-centre', 12, ['SK0417']],
    ],
  },
];

function expandCompact(provider: CompactProvider): DemoProvider {
  const types = provider.services.map(([type]) => serviceNames[provider.country][type].toLowerCase());
  return {
    key: provider.key,
    name: `${provider.name}, ${provider.legalForm}`,
    country: provider.country,
    street: provider.street,
    city: provider.city,
    zipcode: provider.zipcode,
    identificationCodeBase: provider.identificationCodeBase,
    taxCodePrefix: provider.country,
    domain: provider.domain,
    contactPhone: provider.contactPhone,
    description:
      provider.country === 'CZ'
        ? `Nabízíme tyto služby: ${types.join(', ')}.`
        : `Poskytujeme tieto služby: ${types.join(', ')}.`,
    verified: provider.verified,
    facilities: [
      {
        key: 'main',
        name: `${provider.name} – ${provider.city}`,
        street: provider.street,
        city: provider.city,
        zipcode: provider.zipcode,
        countyCode: provider.countyCode,
        type: 'care-centre',
        description: provider.country === 'CZ' ? 'Sídlo a zázemí služeb.' : 'Sídlo a zázemie služieb.',
        sameAsProvider: true,
        services: provider.services.map(([type, price, counties, options = {}]) => ({
          key: type,
          type,
          name: `${serviceNames[provider.country][type]} ${provider.brand}`,
          description: serviceDescriptions[provider.country][type],
          status: options.status ?? 'active',
          ...(options.sponsored ? { sponsored: true } : {}),
          verified: provider.verified,
          price,
          counties,
          ...(fieldTypes.has(type) ? { place: 'V domácnosti klienta' } : {}),
        })),
      },
    ],
  };
}

/** The hand-written providers and one generated provider for each remaining region. */
export const demoCatalogue: readonly DemoProvider[] = [
  ...demoProviders,
  ...compactProviders.map(expandCompact),
];
