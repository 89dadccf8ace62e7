// The demo's site content in Filipino (the brand's TY language). Each entry is the TY copy of the
// English row at the same place (banners by slug); content-seed.ts seeds them with language 'TY',
// and a list with rows of its own in a language shows those instead of the rows for every language
// (site.queries.ts). content-seed-ty.test.ts keeps the lists in step with the English ones.

/** Banner titles by slug (DEMO_BANNERS). */
export const DEMO_BANNER_TITLES_TY: Record<string, string> = {
  'login-welcome': 'Maligayang pagbabalik',
  'register-start': 'Gumawa ng account sa loob ng isang minuto',
  'forget-help': 'Nandito kami para tumulong',
  'home-welcome': 'Maligayang pagdating: slots, mesa, crash at lottery',
  'home-slots': 'Pumili ng slot at umikot',
  'home-tables': 'Mga virtual na mesa ng baccarat at roulette',
  'home-sports': 'Virtual na football: bawat laban ay nilalaro sa sandaling tumaya ka',
  'activity-welcome-bonus': 'Welcome bonus: 100% ng unang deposito mo, hanggang 1,000',
  'activity-vip': 'VIP club: may bonus sa bawat bagong antas',
  'activity-rebate': 'Rebate sa bawat valid na taya, kunin kung kailan mo gusto',
  'activity-missions': 'Pang-araw-araw na misyon: mag-log in, maglaro, mabayaran',
  'activity-points': 'Mga puntos sa taya mo para sa points mall',
  'activity-invite': 'Mag-imbita ng kaibigan: kumita sa unang deposito nila',
  'activity-fair': 'Provably fair: suriin ang anumang round ng house',
  'activity-crash': 'Crash: mag-cash out bago ito bumagsak',
  'activity-lottery-draw': 'May lottery draw tuwing dalawang minuto',
  'activity-security': 'Two-factor na pag-sign in para sa account mo',
  'activity-deposit': 'Ang online na deposito ay naikredito kapag nabayaran na',
  'model-tables': 'Virtual na baccarat at roulette',
  'model-slots': 'Mga slot mula sa house studio',
  'model-arcade': 'Mga arcade slot',
  'model-responsible': 'Maglaro nang responsable',
};

/** Announcements as [title, content], in the order of DEMO_ANNOUNCEMENTS. */
export const DEMO_ANNOUNCEMENTS_TY: [title: string, content: string][] = [
  [
    'Maligayang pagdating sa {site}',
    'Gumawa ng account sa loob ng isang minuto. Naghihintay ang slots, crash, mga virtual na mesa, pangingisda, card duel, virtual sports at lottery draw, lahat nilalaro ng house studio.',
  ],
  [
    'Deposito at withdrawal',
    'Ang online na bayad ay naikredito agad kapag kinumpirma ng gateway, ang bank transfer kapag nasuri na ng cashier. Sinusuri ng cashier ang bawat withdrawal, saka ibinabayad sa account na itinali mo.',
  ],
  [
    'Ang mga unang hakbang mo',
    'Magtali ng bank account, magtakda ng payment password sa security centre at gawin ang unang deposito mo.',
  ],
  [
    'Mga round na provably fair',
    'Masusuri ang bawat round ng mga laro ng house: buksan ang verifier mula sa pahina ng laro at ilagay ang mga seed ng round.',
  ],
  [
    'Mga lottery draw',
    'Ang quick lotto ay may draw tuwing dalawang minuto at ang lotto tuwing lima; lumalabas ang mga numero sa pahina ng lottery sa sandaling tumakbo ang draw.',
  ],
  ['Ligtas na deposito', 'Hindi namin kailanman hihingin ang password o verification code mo sa telepono o chat.'],
  [
    'Virtual na sports',
    'Ang bawat virtual na laban ng football ay nilalaro sa sandaling tumaya ka, at makikita mo ang odds bago ka tumaya.',
  ],
  [
    'Protektahan ang account mo',
    'I-on ang login verification at huwag ibahagi kaninuman ang verification code mo, pati sa aming staff.',
  ],
  [
    'Two-factor na pag-sign in',
    'Magdagdag ng authenticator app sa security centre: kakailanganin ang code nito sa pag-sign in mula sa bagong device.',
  ],
  ['Ang payment password mo', 'Itakda ang payment password mo sa security centre bago ang unang withdrawal mo.'],
  ['Crash buong araw', 'Sunod-sunod ang iisang round ng crash: tumaya at mag-cash out bago bumagsak ang multiplier.'],
  ['Maglaro nang responsable', 'Magtakda ng badyet bago maglaro, at magpahinga nang madalas.'],
  ['Magparehistro at maglaro', 'Magparehistro ngayon at subukan ang mga laro.'],
];

/** Notices as [title, content], in the order of DEMO_NOTICES. */
export const DEMO_NOTICES_TY: [title: string, content: string][] = [
  [
    'Ito ay demo',
    'Totoong software ang mga laro at ang cashier; laro-laro lang ang pera at gawa-gawa ang mga pangalan ng provider.',
  ],
  [
    'Mga virtual na mesa',
    'Virtual ang mga mesa ng baccarat at roulette: bawat resulta ay galing sa provably fair na generator ng house studio, hindi ibinibigay ng dealer.',
  ],
  ['Pagsusuri ng withdrawal', 'Sinusuri ng cashier ang bawat withdrawal bago ito ibayad sa account na itinali mo.'],
  [
    'Bank transfer',
    'Isama ang reference ng deposito sa transfer mo para maitugma ito ng cashier, at i-upload ang slip kung mayroon ka.',
  ],
  [
    'Nag-e-expire ang online na bayad',
    'Nag-e-expire ang online na bayad na hindi natapos sa loob ng 30 minuto; magbukas ng bagong deposito para magbayad muli.',
  ],
  [
    'Kumpirmahin ang withdrawal mo',
    'Pagkatapos mabayaran ang withdrawal, kumpirmahin sa record ng withdrawal kung dumating ito; ang hindi nakumpirma sa loob ng 60 minuto ay itinuturing na natanggap.',
  ],
  ['Mag-ingat sa scam', 'Hindi kailanman hihingin ng aming staff ang password o verification code mo.'],
  ['Resulta ng lottery', 'Lumalabas ang mga numero ng bawat draw sa pahina ng lottery sa sandaling tumakbo ang draw.'],
  [
    'Beripikasyon sa pag-login',
    'Ang pag-sign in mula sa bagong network ay hihingi ng code na ipinadala sa mobile number o email mo.',
  ],
  [
    'Pangangaso ng isda',
    'Tumutok sa kahit anong isda: sa karaniwan, bawat putok ay nagbabalik ng parehong bahagi ng halaga nito.',
  ],
  [
    'Duelo ng baraha',
    'Tig-tatlong baraha laban sa house: ang panalo ay nagbabayad ng 1.95 beses ng taya at ang tabla ay ibinabalik ito.',
  ],
];
