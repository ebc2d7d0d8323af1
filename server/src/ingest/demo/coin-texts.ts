/*
 * The demo coins' "About" texts in the 20 languages (issue 23: a coin page in Greek said what the coin is
 * in English). Each coin has a kind; each kind a sentence per language, with the coin's {name} and the
 * {year} it started. The English sentence is also what the database stores (generator.ts).
 */
export type CoinKind =
  | 'first'
  | 'platform'
  | 'payments'
  | 'storage'
  | 'meme'
  | 'stable'
  | 'bridge'
  | 'gaming'
  | 'oracle'
  | 'scaling'
  | 'network';

const KINDS: CoinKind[] = [
  'first',
  'platform',
  'payments',
  'storage',
  'meme',
  'stable',
  'bridge',
  'gaming',
  'oracle',
  'scaling',
  'network',
];

/** One line per language, the kinds in the order of KINDS, separated by " | ". */
const TEXTS: Record<string, string> = {
  en: '{name}, the first invented coin of the demo, started in {year}. | {name} is a smart-contract platform coin, started in {year}. | {name} is a payments coin, started in {year}. | {name} is the token of a storage network, started in {year}. | {name} is a meme coin, started in {year}. | {name} is a coin that swings less than the others, started in {year}. | {name} is the token of a cross-chain bridge, started in {year}. | {name} is a gaming token, started in {year}. | {name} is the token of an oracle network, started in {year}. | {name} is the token of a scaling network, started in {year}. | {name} is the token of a multi-chain network, started in {year}.',
  de: '{name}, die erste erfundene Münze der Demo, startete {year}. | {name} ist die Münze einer Smart-Contract-Plattform, gestartet {year}. | {name} ist eine Zahlungsmünze, gestartet {year}. | {name} ist der Token eines Speichernetzwerks, gestartet {year}. | {name} ist eine Meme-Münze, gestartet {year}. | {name} ist eine Münze, die weniger schwankt als die anderen, gestartet {year}. | {name} ist der Token einer Cross-Chain-Brücke, gestartet {year}. | {name} ist ein Gaming-Token, gestartet {year}. | {name} ist der Token eines Oracle-Netzwerks, gestartet {year}. | {name} ist der Token eines Skalierungsnetzwerks, gestartet {year}. | {name} ist der Token eines Multi-Chain-Netzwerks, gestartet {year}.',
  hu: '{name}, a demó első kitalált érméje (indulás éve: {year}). | {name} egy okosszerződés-platform érméje (indulás éve: {year}). | {name} fizetési érme (indulás éve: {year}). | {name} egy tárolóhálózat tokenje (indulás éve: {year}). | {name} mémérme (indulás éve: {year}). | {name} a többinél kevésbé ingadozó érme (indulás éve: {year}). | {name} egy láncok közötti híd tokenje (indulás éve: {year}). | {name} játékos token (indulás éve: {year}). | {name} egy orákulumhálózat tokenje (indulás éve: {year}). | {name} egy skálázási hálózat tokenje (indulás éve: {year}). | {name} egy többláncos hálózat tokenje (indulás éve: {year}).',
  no: '{name}, demoens første oppdiktede mynt, startet i {year}. | {name} er mynten til en smartkontraktplattform, startet i {year}. | {name} er en betalingsmynt, startet i {year}. | {name} er tokenet til et lagringsnettverk, startet i {year}. | {name} er en memecoin, startet i {year}. | {name} er en mynt som svinger mindre enn de andre, startet i {year}. | {name} er tokenet til en bro mellom kjeder, startet i {year}. | {name} er et spilltoken, startet i {year}. | {name} er tokenet til et orakelnettverk, startet i {year}. | {name} er tokenet til et skaleringsnettverk, startet i {year}. | {name} er tokenet til et nettverk av flere kjeder, startet i {year}.',
  sv: '{name}, demons första påhittade mynt, startade {year}. | {name} är myntet för en plattform för smarta kontrakt, startat {year}. | {name} är ett betalningsmynt, startat {year}. | {name} är token för ett lagringsnätverk, startat {year}. | {name} är ett memesmynt, startat {year}. | {name} är ett mynt som svänger mindre än de andra, startat {year}. | {name} är token för en brygga mellan kedjor, startat {year}. | {name} är en speltoken, startad {year}. | {name} är token för ett orakelnätverk, startat {year}. | {name} är token för ett skalningsnätverk, startat {year}. | {name} är token för ett nätverk med flera kedjor, startat {year}.',
  da: '{name}, demoens første opdigtede mønt, startede i {year}. | {name} er mønten til en platform for smarte kontrakter, startet i {year}. | {name} er en betalingsmønt, startet i {year}. | {name} er tokenet for et lagringsnetværk, startet i {year}. | {name} er en memecoin, startet i {year}. | {name} er en mønt, der svinger mindre end de andre, startet i {year}. | {name} er tokenet for en bro mellem kæder, startet i {year}. | {name} er et spiltoken, startet i {year}. | {name} er tokenet for et orakelnetværk, startet i {year}. | {name} er tokenet for et skaleringsnetværk, startet i {year}. | {name} er tokenet for et netværk af flere kæder, startet i {year}.',
  fi: '{name}, demon ensimmäinen keksitty kolikko, aloitti vuonna {year}. | {name} on älysopimusalustan kolikko, aloitettu vuonna {year}. | {name} on maksukolikko, aloitettu vuonna {year}. | {name} on tallennusverkon tokeni, aloitettu vuonna {year}. | {name} on meemikolikko, aloitettu vuonna {year}. | {name} on kolikko, jonka arvo heiluu muita vähemmän, aloitettu vuonna {year}. | {name} on ketjujen välisen sillan tokeni, aloitettu vuonna {year}. | {name} on pelitokeni, aloitettu vuonna {year}. | {name} on oraakkeliverkon tokeni, aloitettu vuonna {year}. | {name} on skaalausverkon tokeni, aloitettu vuonna {year}. | {name} on monen ketjun verkon tokeni, aloitettu vuonna {year}.',
  es: '{name}, la primera moneda inventada de la demo, empezó en {year}. | {name} es la moneda de una plataforma de contratos inteligentes, creada en {year}. | {name} es una moneda de pagos, creada en {year}. | {name} es el token de una red de almacenamiento, creado en {year}. | {name} es una moneda meme, creada en {year}. | {name} es una moneda que oscila menos que las demás, creada en {year}. | {name} es el token de un puente entre cadenas, creado en {year}. | {name} es un token de videojuegos, creado en {year}. | {name} es el token de una red de oráculos, creado en {year}. | {name} es el token de una red de escalado, creado en {year}. | {name} es el token de una red multicadena, creado en {year}.',
  nl: '{name}, de eerste verzonnen munt van de demo, begon in {year}. | {name} is de munt van een platform voor slimme contracten, gestart in {year}. | {name} is een betaalmunt, gestart in {year}. | {name} is het token van een opslagnetwerk, gestart in {year}. | {name} is een memecoin, gestart in {year}. | {name} is een munt die minder schommelt dan de andere, gestart in {year}. | {name} is het token van een brug tussen ketens, gestart in {year}. | {name} is een gamingtoken, gestart in {year}. | {name} is het token van een orakelnetwerk, gestart in {year}. | {name} is het token van een schaalnetwerk, gestart in {year}. | {name} is het token van een netwerk van meerdere ketens, gestart in {year}.',
  fr: '{name}, la première monnaie inventée de la démo, a démarré en {year}. | {name} est la monnaie d’une plateforme de contrats intelligents, lancée en {year}. | {name} est une monnaie de paiement, lancée en {year}. | {name} est le jeton d’un réseau de stockage, lancé en {year}. | {name} est une monnaie mème, lancée en {year}. | {name} est une monnaie qui varie moins que les autres, lancée en {year}. | {name} est le jeton d’un pont entre chaînes, lancé en {year}. | {name} est un jeton de jeu vidéo, lancé en {year}. | {name} est le jeton d’un réseau d’oracles, lancé en {year}. | {name} est le jeton d’un réseau de mise à l’échelle, lancé en {year}. | {name} est le jeton d’un réseau multichaîne, lancé en {year}.',
  it: '{name}, la prima moneta inventata della demo, è nata nel {year}. | {name} è la moneta di una piattaforma di smart contract, nata nel {year}. | {name} è una moneta per i pagamenti, nata nel {year}. | {name} è il token di una rete di archiviazione, nato nel {year}. | {name} è una meme coin, nata nel {year}. | {name} è una moneta che oscilla meno delle altre, nata nel {year}. | {name} è il token di un ponte tra catene, nato nel {year}. | {name} è un token per i videogiochi, nato nel {year}. | {name} è il token di una rete di oracoli, nato nel {year}. | {name} è il token di una rete di scalabilità, nato nel {year}. | {name} è il token di una rete multi-catena, nato nel {year}.',
  pt: '{name}, a primeira moeda inventada da demonstração, começou em {year}. | {name} é a moeda de uma plataforma de contratos inteligentes, criada em {year}. | {name} é uma moeda de pagamentos, criada em {year}. | {name} é o token de uma rede de armazenamento, criado em {year}. | {name} é uma moeda meme, criada em {year}. | {name} é uma moeda que oscila menos do que as outras, criada em {year}. | {name} é o token de uma ponte entre cadeias, criado em {year}. | {name} é um token de jogos, criado em {year}. | {name} é o token de uma rede de oráculos, criado em {year}. | {name} é o token de uma rede de escalabilidade, criado em {year}. | {name} é o token de uma rede multicadeia, criado em {year}.',
  pl: '{name}, pierwsza zmyślona moneta w wersji demo, wystartowała w {year} roku. | {name} to moneta platformy inteligentnych kontraktów, od {year} roku. | {name} to moneta płatnicza, od {year} roku. | {name} to token sieci przechowywania danych, od {year} roku. | {name} to memecoin, od {year} roku. | {name} to moneta wahająca się mniej niż pozostałe, od {year} roku. | {name} to token mostu między łańcuchami, od {year} roku. | {name} to token do gier, od {year} roku. | {name} to token sieci wyroczni, od {year} roku. | {name} to token sieci skalującej, od {year} roku. | {name} to token sieci wielołańcuchowej, od {year} roku.',
  cs: '{name}, první smyšlená mince ukázky, vznikla v roce {year}. | {name} je mince platformy chytrých kontraktů, od roku {year}. | {name} je platební mince, od roku {year}. | {name} je token úložné sítě, od roku {year}. | {name} je memecoin, od roku {year}. | {name} je mince, která kolísá méně než ostatní, od roku {year}. | {name} je token mostu mezi řetězci, od roku {year}. | {name} je herní token, od roku {year}. | {name} je token sítě orákulí, od roku {year}. | {name} je token škálovací sítě, od roku {year}. | {name} je token vícřetězcové sítě, od roku {year}.',
  sk: '{name}, prvá vymyslená minca ukážky, vznikla v roku {year}. | {name} je minca platformy inteligentných kontraktov, od roku {year}. | {name} je platobná minca, od roku {year}. | {name} je token úložnej siete, od roku {year}. | {name} je memecoin, od roku {year}. | {name} je minca, ktorá kolíše menej ako ostatné, od roku {year}. | {name} je token mosta medzi reťazcami, od roku {year}. | {name} je herný token, od roku {year}. | {name} je token siete orákulov, od roku {year}. | {name} je token škálovacej siete, od roku {year}. | {name} je token viacreťazcovej siete, od roku {year}.',
  ro: '{name}, prima monedă inventată a demonstrației, a pornit în {year}. | {name} este moneda unei platforme de contracte inteligente, din {year}. | {name} este o monedă de plăți, din {year}. | {name} este tokenul unei rețele de stocare, din {year}. | {name} este o monedă meme, din {year}. | {name} este o monedă care oscilează mai puțin decât celelalte, din {year}. | {name} este tokenul unei punți între lanțuri, din {year}. | {name} este un token pentru jocuri, din {year}. | {name} este tokenul unei rețele de oracole, din {year}. | {name} este tokenul unei rețele de scalare, din {year}. | {name} este tokenul unei rețele cu mai multe lanțuri, din {year}.',
  el: 'Το {name}, το πρώτο φανταστικό νόμισμα της επίδειξης, ξεκίνησε το {year}. | Το {name} είναι το νόμισμα μιας πλατφόρμας έξυπνων συμβολαίων, από το {year}. | Το {name} είναι νόμισμα πληρωμών, από το {year}. | Το {name} είναι το token ενός δικτύου αποθήκευσης, από το {year}. | Το {name} είναι νόμισμα meme, από το {year}. | Το {name} είναι νόμισμα που κυμαίνεται λιγότερο από τα άλλα, από το {year}. | Το {name} είναι το token μιας γέφυρας μεταξύ αλυσίδων, από το {year}. | Το {name} είναι token παιχνιδιών, από το {year}. | Το {name} είναι το token ενός δικτύου μαντείων (oracles), από το {year}. | Το {name} είναι το token ενός δικτύου κλιμάκωσης, από το {year}. | Το {name} είναι το token ενός δικτύου πολλαπλών αλυσίδων, από το {year}.',
  tr: '{name}, demonun ilk hayali coini, {year} yılında başladı. | {name}, bir akıllı sözleşme platformunun coinidir; {year} yılında başladı. | {name} bir ödeme coinidir; {year} yılında başladı. | {name}, bir depolama ağının tokenidir; {year} yılında başladı. | {name} bir meme coindir; {year} yılında başladı. | {name}, diğerlerinden daha az dalgalanan bir coindir; {year} yılında başladı. | {name}, zincirler arası bir köprünün tokenidir; {year} yılında başladı. | {name} bir oyun tokenidir; {year} yılında başladı. | {name}, bir kâhin (oracle) ağının tokenidir; {year} yılında başladı. | {name}, bir ölçekleme ağının tokenidir; {year} yılında başladı. | {name}, çok zincirli bir ağın tokenidir; {year} yılında başladı.',
  ru: '{name} — первая вымышленная монета демоверсии, запущена в {year} году. | {name} — монета платформы смарт-контрактов, запущена в {year} году. | {name} — платёжная монета, запущена в {year} году. | {name} — токен сети хранения данных, запущен в {year} году. | {name} — мем-монета, запущена в {year} году. | {name} — монета, которая колеблется меньше остальных, запущена в {year} году. | {name} — токен моста между блокчейнами, запущен в {year} году. | {name} — игровой токен, запущен в {year} году. | {name} — токен сети оракулов, запущен в {year} году. | {name} — токен сети масштабирования, запущен в {year} году. | {name} — токен мультичейн-сети, запущен в {year} году.',
  af: '{name}, die demo se eerste versinde munt, het in {year} begin. | {name} is die munt van ’n platform vir slim kontrakte, sedert {year}. | {name} is ’n betaalmunt, sedert {year}. | {name} is die token van ’n bergingsnetwerk, sedert {year}. | {name} is ’n meme-munt, sedert {year}. | {name} is ’n munt wat minder as die ander skommel, sedert {year}. | {name} is die token van ’n brug tussen kettings, sedert {year}. | {name} is ’n speletjietoken, sedert {year}. | {name} is die token van ’n orakelnetwerk, sedert {year}. | {name} is die token van ’n skaleringsnetwerk, sedert {year}. | {name} is die token van ’n netwerk van verskeie kettings, sedert {year}.',
};

const BY_LANGUAGE = new Map(
  Object.entries(TEXTS).map(([language, line]) => {
    const sentences = line.split(' | ');
    return [language, new Map(KINDS.map((kind, i) => [kind, sentences[i] as string]))];
  }),
);

/** The sentence about a demo coin in a language (English when the language has none). */
export function coinAbout(kind: CoinKind, name: string, launchYear: number, language: string): string {
  const sentence = BY_LANGUAGE.get(language)?.get(kind) ?? (BY_LANGUAGE.get('en')?.get(kind) as string);
  return sentence.replaceAll('{name}', name).replaceAll('{year}', String(launchYear));
}

/** Every language and kind has its sentence with both slots (tested). */
export function coinTextsComplete(): { language: string; kind: CoinKind }[] {
  const missing: { language: string; kind: CoinKind }[] = [];
  for (const [language, sentences] of BY_LANGUAGE)
    for (const kind of KINDS) {
      const text = sentences.get(kind);
      if (!text?.includes('{name}') || !text.includes('{year}')) missing.push({ language, kind });
    }
  return missing;
}
