import { DEMO_TEXTS_CENTRAL_EAST } from './demo-texts-east.ts';
import { DEMO_TEXTS_NORTH } from './demo-texts-north.ts';

/*
 * Texts of the generated demo feeds: for each of the 20 languages its own headline templates, written
 * in that language (issue 23: a reader of the Greek home page reads Greek news, not English ones).
 * Slots: {name} and {ticker} name a fictional demo company, {pct} is a percentage figure written with
 * the language's decimal separator (the template places the % sign as the language does).
 */
export interface DemoTexts {
  homeTitle: string;
  analysisTitle: string;
  /** Headlines about one company. */
  company: string[];
  /** Headlines about the market; no company slot. */
  market: string[];
  /** Analysis titles; with or without a company slot. */
  analysis: string[];
  companySummary: string;
  marketSummary: string;
  analysisSummary: string;
}

const WEST: Record<string, DemoTexts> = {
  en: {
    homeTitle: 'Demo news',
    analysisTitle: 'Demo analysis',
    company: [
      '{name} ({ticker}) reports quarterly results ahead of expectations',
      '{name} raises its dividend by {pct}%',
      '{name} announces a share buyback programme',
      'Analysts revisit their price targets for {name}',
      '{name} opens a new production site',
      '{name} grows revenue {pct}% on strong demand',
      '{ticker} shares slip {pct}% after a cautious outlook',
    ],
    market: [
      'Markets open higher as bond yields ease',
      'Central bank leaves interest rates unchanged',
      'Energy stocks lead a broad rally',
      'Investors weigh new inflation figures',
      'Stocks close {pct}% lower after a volatile session',
    ],
    analysis: [
      'Valuation check: {name} ({ticker})',
      'How safe is the dividend of {name}?',
      'Weekly outlook for the markets',
      '{name}: growth at a reasonable price?',
      'What a {pct}% yield really pays: dividends under the microscope',
    ],
    companySummary: 'Demo news about {name} ({ticker}), a fictional company. This item was generated for the demo.',
    marketSummary: 'Demo market news, generated for the offline demo.',
    analysisSummary: 'A demo analysis generated for the offline demo; not investment advice.',
  },
  de: {
    homeTitle: 'Demo-Nachrichten',
    analysisTitle: 'Demo-Analysen',
    company: [
      '{name} ({ticker}) übertrifft mit den Quartalszahlen die Erwartungen',
      '{name} erhöht die Dividende um {pct} %',
      '{name} kündigt ein Aktienrückkaufprogramm an',
      'Analysten überprüfen ihre Kursziele für {name}',
      '{name} eröffnet einen neuen Produktionsstandort',
      'Starke Nachfrage: {name} steigert den Umsatz um {pct} %',
      '{ticker}-Aktie gibt nach vorsichtigem Ausblick {pct} % nach',
    ],
    market: [
      'Märkte starten fester, Anleiherenditen geben nach',
      'Notenbank lässt die Leitzinsen unverändert',
      'Energiewerte führen eine breite Erholung an',
      'Anleger wägen neue Inflationsdaten ab',
      'Unruhiger Handelstag: Aktien schließen {pct} % tiefer',
    ],
    analysis: [
      'Bewertungscheck: {name} ({ticker})',
      'Wie sicher ist die Dividende von {name}?',
      'Wochenausblick für die Märkte',
      '{name}: Wachstum zum fairen Preis?',
      'Was {pct} % Rendite wirklich bringen: Dividenden unter der Lupe',
    ],
    companySummary:
      'Demo-Nachricht über {name} ({ticker}), ein fiktives Unternehmen. Diese Meldung wurde für die Demo erzeugt.',
    marketSummary: 'Demo-Marktnachricht, erzeugt für die Offline-Demo.',
    analysisSummary: 'Eine für die Offline-Demo erzeugte Analyse; keine Anlageberatung.',
  },
  fr: {
    homeTitle: 'Actualités de démonstration',
    analysisTitle: 'Analyses de démonstration',
    company: [
      '{name} ({ticker}) publie des résultats trimestriels supérieurs aux attentes',
      '{name} relève son dividende de {pct} %',
      "{name} annonce un programme de rachat d'actions",
      'Les analystes revoient leurs objectifs de cours pour {name}',
      '{name} ouvre un nouveau site de production',
      "Portée par la demande, {name} voit son chiffre d'affaires progresser de {pct} %",
      "L'action {ticker} recule de {pct} % après des prévisions prudentes",
    ],
    market: [
      'Les marchés ouvrent en hausse, les rendements obligataires se détendent',
      'La banque centrale laisse ses taux inchangés',
      "Les valeurs de l'énergie mènent un rebond général",
      "Les investisseurs analysent les nouveaux chiffres de l'inflation",
      'Séance agitée : les actions terminent en baisse de {pct} %',
    ],
    analysis: [
      'Valorisation à la loupe : {name} ({ticker})',
      'Le dividende de {name} est-il solide ?',
      'Les perspectives de la semaine sur les marchés',
      '{name} : de la croissance à un prix raisonnable ?',
      'Ce que rapporte vraiment un rendement de {pct} %',
    ],
    companySummary:
      'Actualité de démonstration sur {name} ({ticker}), une entreprise fictive. Cet article a été généré pour la démo.',
    marketSummary: 'Actualité de marché de démonstration, générée pour la démo hors ligne.',
    analysisSummary: "Une analyse générée pour la démo hors ligne ; ce n'est pas un conseil en investissement.",
  },
  es: {
    homeTitle: 'Noticias de demostración',
    analysisTitle: 'Análisis de demostración',
    company: [
      '{name} ({ticker}) presenta resultados trimestrales mejores de lo esperado',
      '{name} aumenta su dividendo un {pct} %',
      '{name} anuncia un programa de recompra de acciones',
      'Los analistas revisan sus precios objetivo para {name}',
      '{name} abre una nueva planta de producción',
      '{name} eleva sus ventas un {pct} % gracias a la fuerte demanda',
      'Las acciones de {ticker} caen un {pct} % tras unas previsiones prudentes',
    ],
    market: [
      'Los mercados abren al alza mientras bajan los rendimientos de los bonos',
      'El banco central mantiene los tipos de interés',
      'Las energéticas lideran una subida generalizada',
      'Los inversores evalúan los nuevos datos de inflación',
      'La bolsa cierra con una caída del {pct} % tras una sesión volátil',
    ],
    analysis: [
      'Valoración a examen: {name} ({ticker})',
      '¿Es seguro el dividendo de {name}?',
      'Perspectivas semanales de los mercados',
      '{name}: ¿crecimiento a un precio razonable?',
      'Lo que paga de verdad una rentabilidad del {pct} %',
    ],
    companySummary: 'Noticia de demostración sobre {name} ({ticker}), una empresa ficticia. Se generó para la demo.',
    marketSummary: 'Noticia de mercado de demostración, generada para la demo sin conexión.',
    analysisSummary: 'Un análisis generado para la demo sin conexión; no es asesoramiento de inversión.',
  },
  it: {
    homeTitle: 'Notizie dimostrative',
    analysisTitle: 'Analisi dimostrative',
    company: [
      '{name} ({ticker}) chiude il trimestre sopra le attese',
      '{name} alza il dividendo del {pct}%',
      '{name} annuncia un piano di riacquisto di azioni proprie',
      'Gli analisti rivedono i prezzi obiettivo su {name}',
      '{name} inaugura un nuovo sito produttivo',
      'Domanda sostenuta: i ricavi di {name} crescono del {pct}%',
      'Il titolo {ticker} cede il {pct}% dopo una guidance prudente',
    ],
    market: [
      'Borse in rialzo in apertura, scendono i rendimenti dei titoli di Stato',
      'La banca centrale lascia i tassi invariati',
      'Gli energetici guidano un rialzo diffuso',
      "Gli investitori valutano i nuovi dati sull'inflazione",
      'Seduta volatile: le azioni chiudono in calo del {pct}%',
    ],
    analysis: [
      'Valutazione sotto la lente: {name} ({ticker})',
      'Quanto è solido il dividendo di {name}?',
      'Le prospettive della settimana per i mercati',
      '{name}: crescita a un prezzo ragionevole?',
      'Quanto rende davvero un dividendo del {pct}%',
    ],
    companySummary:
      'Notizia dimostrativa su {name} ({ticker}), una società immaginaria. Questo articolo è stato generato per la demo.',
    marketSummary: 'Notizia di mercato dimostrativa, generata per la demo offline.',
    analysisSummary: "Un'analisi generata per la demo offline; non è una consulenza finanziaria.",
  },
  pt: {
    homeTitle: 'Notícias de demonstração',
    analysisTitle: 'Análises de demonstração',
    company: [
      '{name} ({ticker}) apresenta resultados trimestrais acima do esperado',
      '{name} aumenta o dividendo em {pct}%',
      '{name} anuncia um programa de recompra de ações',
      'Analistas revêem os preços-alvo da {name}',
      '{name} abre uma nova unidade de produção',
      'Procura forte faz subir as receitas da {name} em {pct}%',
      'Ações da {ticker} recuam {pct}% após previsões cautelosas',
    ],
    market: [
      'Bolsas abrem em alta com o alívio das yields das obrigações',
      'Banco central mantém as taxas de juro',
      'Energéticas lideram uma subida generalizada',
      'Investidores avaliam os novos números da inflação',
      'Sessão agitada: ações fecham a cair {pct}%',
    ],
    analysis: [
      'Avaliação em análise: {name} ({ticker})',
      'Quão seguro é o dividendo da {name}?',
      'Perspetivas semanais para os mercados',
      '{name}: crescimento a um preço razoável?',
      'O que rende de facto um dividendo de {pct}%',
    ],
    companySummary:
      'Notícia de demonstração sobre {name} ({ticker}), uma empresa fictícia. Este artigo foi gerado para a demonstração.',
    marketSummary: 'Notícia de mercado de demonstração, gerada para a demonstração offline.',
    analysisSummary: 'Uma análise gerada para a demonstração offline; não é aconselhamento de investimento.',
  },
  nl: {
    homeTitle: 'Demonieuws',
    analysisTitle: 'Demoanalyses',
    company: [
      '{name} ({ticker}) overtreft verwachtingen met kwartaalcijfers',
      '{name} verhoogt dividend met {pct}%',
      '{name} kondigt aandeleninkoopprogramma aan',
      'Analisten herzien koersdoelen voor {name}',
      '{name} opent nieuwe productielocatie',
      'Sterke vraag stuwt omzet {name} {pct}% hoger',
      'Aandeel {ticker} zakt {pct}% na voorzichtige vooruitzichten',
    ],
    market: [
      'Beurzen openen hoger nu obligatierentes dalen',
      'Centrale bank laat rente ongewijzigd',
      'Energiefondsen leiden breed herstel',
      'Beleggers wegen nieuwe inflatiecijfers',
      'Beurs sluit {pct}% lager na beweeglijke handelsdag',
    ],
    analysis: [
      'Waarderingscheck: {name} ({ticker})',
      'Hoe veilig is het dividend van {name}?',
      'Weekvooruitblik voor de beurzen',
      '{name}: groei tegen een redelijke prijs?',
      'Wat {pct}% dividendrendement echt oplevert',
    ],
    companySummary: 'Demonieuws over {name} ({ticker}), een fictief bedrijf. Dit bericht is voor de demo gemaakt.',
    marketSummary: 'Demomarktnieuws, gemaakt voor de offline demo.',
    analysisSummary: 'Een analyse gemaakt voor de offline demo; geen beleggingsadvies.',
  },
};

/** Every language's demo texts (contract/src/locales.ts lists the 20). */
export const DEMO_TEXTS: Record<string, DemoTexts> = { ...WEST, ...DEMO_TEXTS_NORTH, ...DEMO_TEXTS_CENTRAL_EAST };
