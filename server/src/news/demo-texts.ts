/*
 * Texts of the generated demo feeds, in the languages that get their own demo home feed (the others
 * fall back to English, as real deployments do). {name} and {ticker} name a fictional demo company.
 */
export interface DemoTexts {
  homeTitle: string;
  company: string[];
  market: string[];
  companySummary: string;
  marketSummary: string;
  analysisTitle?: string;
  analysis?: string[];
  analysisSummary?: string;
}

export const DEMO_TEXTS: Record<string, DemoTexts> = {
  en: {
    homeTitle: 'Demo news',
    company: [
      '{name} ({ticker}) reports quarterly results ahead of expectations',
      '{name} raises its dividend',
      '{name} announces a share buyback programme',
      'Analysts revisit their price targets for {name}',
      '{name} opens a new production site',
    ],
    market: [
      'Markets open higher as bond yields ease',
      'Central bank leaves interest rates unchanged',
      'Energy stocks lead a broad rally',
      'Investors weigh new inflation figures',
    ],
    companySummary: 'Demo news about {name} ({ticker}), a fictional company. This item was generated for the demo.',
    marketSummary: 'Demo market news, generated for the offline demo.',
    analysisTitle: 'Demo analysis',
    analysis: [
      'Valuation check: {name} ({ticker})',
      'How safe is the dividend of {name}?',
      'Weekly outlook for the markets',
    ],
    analysisSummary: 'A demo analysis generated for the offline demo; not investment advice.',
  },
  de: {
    homeTitle: 'Demo-Nachrichten',
    company: [
      '{name} ({ticker}) übertrifft mit den Quartalszahlen die Erwartungen',
      '{name} erhöht die Dividende',
      '{name} kündigt ein Aktienrückkaufprogramm an',
      'Analysten überprüfen ihre Kursziele für {name}',
      '{name} eröffnet einen neuen Produktionsstandort',
    ],
    market: [
      'Märkte starten fester, Anleiherenditen geben nach',
      'Notenbank lässt die Leitzinsen unverändert',
      'Energiewerte führen eine breite Erholung an',
      'Anleger wägen neue Inflationsdaten ab',
    ],
    companySummary:
      'Demo-Nachricht über {name} ({ticker}), ein fiktives Unternehmen. Diese Meldung wurde für die Demo erzeugt.',
    marketSummary: 'Demo-Marktnachricht, erzeugt für die Offline-Demo.',
    analysisTitle: 'Demo-Analysen',
    analysis: [
      'Bewertungscheck: {name} ({ticker})',
      'Wie sicher ist die Dividende von {name}?',
      'Wochenausblick für die Märkte',
    ],
    analysisSummary: 'Eine für die Offline-Demo erzeugte Analyse; keine Anlageberatung.',
  },
  fr: {
    homeTitle: 'Actualités de démonstration',
    company: [
      '{name} ({ticker}) publie des résultats trimestriels supérieurs aux attentes',
      '{name} relève son dividende',
      "{name} annonce un programme de rachat d'actions",
      'Les analystes revoient leurs objectifs de cours pour {name}',
      '{name} ouvre un nouveau site de production',
    ],
    market: [
      'Les marchés ouvrent en hausse, les rendements obligataires se détendent',
      'La banque centrale laisse ses taux inchangés',
      "Les valeurs de l'énergie mènent un rebond général",
      "Les investisseurs analysent les nouveaux chiffres de l'inflation",
    ],
    companySummary:
      'Actualité de démonstration sur {name} ({ticker}), une entreprise fictive. Cet article a été généré pour la démo.',
    marketSummary: 'Actualité de marché de démonstration, générée pour la démo hors ligne.',
  },
  es: {
    homeTitle: 'Noticias de demostración',
    company: [
      '{name} ({ticker}) presenta resultados trimestrales mejores de lo esperado',
      '{name} aumenta su dividendo',
      '{name} anuncia un programa de recompra de acciones',
      'Los analistas revisan sus precios objetivo para {name}',
      '{name} abre una nueva planta de producción',
    ],
    market: [
      'Los mercados abren al alza mientras bajan los rendimientos de los bonos',
      'El banco central mantiene los tipos de interés',
      'Las energéticas lideran una subida generalizada',
      'Los inversores evalúan los nuevos datos de inflación',
    ],
    companySummary: 'Noticia de demostración sobre {name} ({ticker}), una empresa ficticia. Se generó para la demo.',
    marketSummary: 'Noticia de mercado de demostración, generada para la demo sin conexión.',
  },
  hu: {
    homeTitle: 'Demóhírek',
    company: [
      '{name} ({ticker}): a vártnál jobb negyedéves eredmény',
      '{name}: emelkedik az osztalék',
      '{name}: sajátrészvény-visszavásárlási programot jelentett be',
      'Elemzői célár-felülvizsgálat: {name}',
      '{name}: új gyártóüzem nyílik',
    ],
    market: [
      'Emelkedéssel nyitnak a piacok, csökkennek a kötvényhozamok',
      'A jegybank nem változtat a kamatokon',
      'Az energiaszektor vezeti a széles körű emelkedést',
      'A befektetők az új inflációs adatokat mérlegelik',
    ],
    companySummary: 'Demóhír: {name} ({ticker}) kitalált vállalat. Ezt a hírt a demóhoz generáltuk.',
    marketSummary: 'Demó piaci hír, az offline demóhoz generálva.',
  },
  sv: {
    homeTitle: 'Demonyheter',
    company: [
      '{name} ({ticker}) redovisar ett kvartalsresultat över förväntan',
      '{name} höjer utdelningen',
      '{name} tillkännager ett återköpsprogram för aktier',
      'Analytiker ser över sina riktkurser för {name}',
      '{name} öppnar en ny produktionsanläggning',
    ],
    market: [
      'Börserna öppnar högre när obligationsräntorna sjunker',
      'Centralbanken lämnar räntan oförändrad',
      'Energiaktier leder en bred uppgång',
      'Investerare väger in nya inflationssiffror',
    ],
    companySummary: 'Demonyhet om {name} ({ticker}), ett påhittat företag. Nyheten skapades för demon.',
    marketSummary: 'Demonyhet om marknaden, skapad för offlinedemon.',
  },
};
