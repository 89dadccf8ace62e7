import type { Conn } from '../db/database';
import { OPERATOR_ACCOUNT_TYPE } from '../http/auth';

// The demo brand's legal pages (demo mode only), version 1 of each kind. They describe what the demo
// really runs (play money, the house studio's games, the cashier's review, the responsible-play
// tools, the welcome bonus its seed configures) and say plainly that the operator is invented and
// that no regulator licenses the site. A real operator replaces every one of them in the back office
// (Content > Legal pages) before going live. Body format (docs/site.md "Legal pages"): paragraphs
// separated by a blank line, "## " starts a heading, "- " a list item.

export const DEMO_OPERATOR = 'Gamehall Demo Operations';
/** A placeholder in the shape of a licence number, never a real regulator's. */
export const DEMO_LICENCE_NUMBER = 'DEMO-000000';

type Texts = Partial<Record<'EN' | 'TY', { title: string; body: string }>>;

const DEMO_NOTE =
  'This is a demonstration site. The money on it is play money, the operator named here is invented, and no regulator licenses it.';

export const DEMO_LEGAL: Record<string, Texts> = {
  terms: {
    EN: {
      title: 'Terms and conditions',
      body: `${DEMO_NOTE}

## Who we are
{site} is run by ${DEMO_OPERATOR}, an invented company that stands for the operator of a real site. In these terms "we" means that operator and "you" the account holder.

## Your account
- You must be at least 18 years old to register and play.
- One account per person. The details you give must be true and yours.
- Keep your password and verification codes to yourself; we never ask for them.
- We may ask you to verify your identity before a withdrawal.

## Deposits and withdrawals
- Deposits are credited when the payment is confirmed: online payments when the gateway confirms them, bank transfers when the cashier has matched them.
- Every withdrawal is reviewed by the cashier and paid to a bank account bound to your name.
- A withdrawal request while a bonus is being wagered forfeits what is left of that bonus (see the bonus terms).

## Games
The games are played by the house studio. Every round is recorded, and the house games' rounds can be checked with the provably fair verifier. A round that a fault interrupts is settled or refunded as the round record shows.

## Responsible play
You can set deposit, loss, wager and playing-time limits, take a time-out or exclude yourself for a period in the responsible play centre of the member centre.

## Changes to these terms
When we change these terms we publish a new version. If the change needs your agreement you are asked to accept it at your next sign-in; until then deposits, withdrawals, transfers and real-money play are paused. Earlier versions stay readable on this page.`,
    },
    TY: {
      title: 'Mga tuntunin at kundisyon',
      body: `Isa itong demonstration site. Play money ang pera rito, imbento ang operator na nakapangalan dito, at walang regulator na nagbigay ng lisensya rito.

## Sino kami
Ang {site} ay pinapatakbo ng ${DEMO_OPERATOR}, isang imbentong kumpanya na kumakatawan sa operator ng totoong site. Sa mga tuntuning ito, "kami" ang operator na iyon at "ikaw" ang may-ari ng account.

## Ang account mo
- Dapat ay hindi bababa sa 18 taong gulang ka para magparehistro at maglaro.
- Isang account bawat tao. Dapat totoo at sa iyo ang mga detalyeng ibinibigay mo.
- Huwag ibigay kaninuman ang password at mga verification code mo; hindi namin hinihingi ang mga ito.
- Maaari naming hilingin na patunayan mo ang pagkakakilanlan mo bago ang withdrawal.

## Deposito at withdrawal
- Naikredito ang deposito kapag nakumpirma ang bayad: ang online na bayad kapag kinumpirma ng gateway, ang bank transfer kapag naitugma na ng cashier.
- Sinusuri ng cashier ang bawat withdrawal at ibinabayad ito sa bank account na nakapangalan sa iyo.
- Ang paghiling ng withdrawal habang tinatayaan pa ang isang bonus ay nagpapawalang-bisa sa natitira sa bonus na iyon (tingnan ang mga tuntunin ng bonus).

## Mga laro
Ang mga laro ay nilalaro ng house studio. Naitatala ang bawat round, at masusuri ang mga round ng house games gamit ang provably fair verifier. Ang round na naputol dahil sa aberya ay sine-settle o ibinabalik ayon sa tala ng round.

## Responsableng paglalaro
Maaari kang magtakda ng limitasyon sa deposito, talo, taya at oras ng paglalaro, mag-time-out, o i-exclude ang sarili mo nang ilang panahon sa responsible play centre ng member centre.

## Mga pagbabago sa mga tuntuning ito
Kapag binago namin ang mga tuntuning ito, naglalathala kami ng bagong bersyon. Kung kailangan ng pagbabago ang pagsang-ayon mo, hihilingin sa iyong tanggapin ito sa susunod mong pag-sign in; hanggang doon, nakahinto ang deposito, withdrawal, transfer at paglalaro gamit ang totoong pera. Mababasa pa rin sa pahinang ito ang mga naunang bersyon.`,
    },
  },
  privacy: {
    EN: {
      title: 'Privacy policy',
      body: `${DEMO_NOTE}

## What we keep
- The details you give at registration and in your profile (username, mobile number, email, name, birthday, bank accounts).
- Your sign-ins: time, IP address and device, to protect your account.
- Your deposits, withdrawals, bets and rounds, which the law and the cashier need.
- Identity documents you upload for verification.

## Why
To run your account, pay you, keep the games fair, prevent fraud and money laundering, and meet our duties as an operator.

## Who sees it
Our staff see what their work needs; phone numbers, emails, bank account numbers and names are masked for staff who do not need them in full. We do not sell your data.

## How long
Account, payment and game records are kept as long as the law requires after your account closes.

## Your rights
You can see and correct your profile in the member centre and ask customer service for a copy of what we keep.`,
    },
    TY: {
      title: 'Patakaran sa privacy',
      body: `Isa itong demonstration site. Play money ang pera rito, imbento ang operator na nakapangalan dito, at walang regulator na nagbigay ng lisensya rito.

## Ano ang itinatago namin
- Ang mga detalyeng ibinigay mo sa pagpaparehistro at sa profile mo (username, mobile number, email, pangalan, kaarawan, bank account).
- Ang mga pag-sign in mo: oras, IP address at device, para protektahan ang account mo.
- Ang mga deposito, withdrawal, taya at round mo, na kailangan ng batas at ng cashier.
- Mga dokumento ng pagkakakilanlan na ina-upload mo para sa beripikasyon.

## Bakit
Para patakbuhin ang account mo, bayaran ka, panatilihing patas ang mga laro, pigilan ang pandaraya at money laundering, at tuparin ang mga tungkulin namin bilang operator.

## Sino ang nakakakita
Nakikita ng mga kawani namin ang kailangan ng trabaho nila; naka-mask ang mga numero ng telepono, email, numero ng bank account at pangalan para sa mga kawaning hindi nangangailangan ng buo. Hindi namin ibinebenta ang data mo.

## Gaano katagal
Itinatago ang mga tala ng account, bayad at laro hangga't hinihingi ng batas matapos isara ang account mo.

## Ang mga karapatan mo
Makikita at maitatama mo ang profile mo sa member centre at maaari kang humingi sa customer service ng kopya ng itinatago namin.`,
    },
  },
  responsible: {
    EN: {
      title: 'Responsible gaming',
      body: `Gambling is entertainment, not a way to make money. Play only with money you can afford to lose, and stop when it stops being fun.

## Tools in your member centre
- Deposit, loss and wager limits per day, week or month, and a daily limit on playing time.
- Session reminders (reality check) that show how long you have played and what you have won or lost.
- A time-out of 24 hours, 7 days or 6 weeks, or self-exclusion for 6 months, a year, 5 years or for good; a break cannot be shortened.

## Signs to watch for
- Chasing losses or playing longer than you meant to.
- Borrowing money or using money meant for bills to play.
- Feeling anxious or hiding your play from others.

## Get help
Talk to customer service to set a limit or close your account. Independent help is available from organisations such as GambleAware (www.begambleaware.org).

Only people aged 18 or over may play.`,
    },
    TY: {
      title: 'Responsableng paglalaro',
      body: `Ang pagsusugal ay libangan, hindi paraan para kumita. Maglaro lamang gamit ang perang kaya mong mawala, at huminto kapag hindi na ito masaya.

## Mga kasangkapan sa member centre mo
- Limitasyon sa deposito, talo at taya bawat araw, linggo o buwan, at pang-araw-araw na limitasyon sa oras ng paglalaro.
- Mga paalala sa session (reality check) na nagpapakita kung gaano ka na katagal naglalaro at kung magkano ang panalo o talo mo.
- Time-out na 24 oras, 7 araw o 6 na linggo, o self-exclusion nang 6 na buwan, isang taon, 5 taon o panghabambuhay; hindi maaaring paikliin ang pahinga.

## Mga senyales na dapat bantayan
- Paghahabol sa talo o paglalaro nang mas matagal kaysa balak mo.
- Panghihiram ng pera o paggamit ng perang pambayad sa bills para maglaro.
- Pagkabalisa o pagtatago ng paglalaro mo sa iba.

## Humingi ng tulong
Kausapin ang customer service para magtakda ng limitasyon o isara ang account mo. May malayang tulong mula sa mga organisasyon gaya ng GambleAware (www.begambleaware.org).

Tanging mga taong 18 taong gulang pataas ang maaaring maglaro.`,
    },
  },
  bonus: {
    EN: {
      title: 'Bonus terms',
      body: `${DEMO_NOTE}

## General
- A bonus is paid as bonus balance, kept apart from your cash, and becomes cash once its wagering requirement is met.
- Each promotion's own rules, shown on its page, say how much it pays, how often and for how long.
- One bonus of each promotion per person unless its rules say otherwise.

## Wagering
- The requirement is a multiple of the bonus, to be wagered within the days the promotion states.
- Slot bets count in full; other games count at the share the promotion states.
- A withdrawal request while a bonus is being wagered, or the days running out, forfeits what is left of that bonus.

## The welcome bonus
Your first credited deposit of at least 100 is matched 100%, up to 1,000, as bonus balance when you claim it in the reward centre within 14 days. Wager 10 times the bonus within 30 days: slot bets count in full, other games at 20%.

## Abuse
We may withhold a bonus claimed through several accounts or by playing in a way that exploits the bonus rather than the games.`,
    },
  },
  cookies: {
    EN: {
      title: 'Cookie notice',
      body: `This notice says what this site stores in your browser and why.

## What the site stores
- Your session: the sign-in token and the announcements you have seen on this visit, in the browser tab's session storage, gone when you close the tab or sign out.
- Your language and your answer to the cookie banner, in local storage.
- Your display preferences: light or dark theme, whether your balance is hidden, and the home page's jackpot display (it is a display, not a prize). Kept in local storage between visits only if you choose Accept in the cookie banner; with Necessary only they are kept in the tab's session storage, until you close the tab or sign out. Cookie settings, at the foot of every page, changes your answer.
- "Remember me": when you tick it at sign-in, a cookie with your username for one day.
- A random id of this browser, sent with bonus claims so that a bonus meant once per person is paid once; it is used for nothing else.
- If you chat with customer service before signing in, the chat's visitor token, so the conversation carries on.

Apart from the display preferences, all of these are needed for the site to work as you asked; none of them tracks you across other sites. Your answer to the cookie banner is kept in this browser only, also when you are signed in.

## Analytics and marketing
This site sets no analytics and no marketing cookies. If that ever changes, they will be set only after you agree to them in the cookie banner, and you will be able to change your answer at any time.`,
    },
  },
  about: {
    EN: {
      title: 'About us',
      body: `${DEMO_NOTE}

{site} brings slots, crash, virtual tables, fishing, card duels, virtual sports and lottery draws together in one place. Every game is played by the house studio, and the house games' rounds can be checked with the provably fair verifier.

## The operator
${DEMO_OPERATOR} is an invented company that stands for the operator of a real site. It has no registered office and holds no licence; see the licence page.

## Contact
Customer service answers through the contacts listed in the help centre.`,
    },
    TY: {
      title: 'Tungkol sa amin',
      body: `Isa itong demonstration site. Play money ang pera rito, imbento ang operator na nakapangalan dito, at walang regulator na nagbigay ng lisensya rito.

Pinagsasama ng {site} ang slots, crash, mga virtual na mesa, pangingisda, card duel, virtual sports at lottery draw sa iisang lugar. Bawat laro ay nilalaro ng house studio, at masusuri ang mga round ng house games gamit ang provably fair verifier.

## Ang operator
Ang ${DEMO_OPERATOR} ay isang imbentong kumpanya na kumakatawan sa operator ng totoong site. Wala itong rehistradong opisina at walang hawak na lisensya; tingnan ang pahina ng lisensya.

## Makipag-ugnayan
Sumasagot ang customer service sa mga contact na nakalista sa help centre.`,
    },
  },
  licence: {
    EN: {
      title: 'Licence information',
      body: `DEMO: this site holds no gaming licence.

This is a demonstration of the Gamehall software. The operator named on this site, ${DEMO_OPERATOR}, is invented, and no regulator has licensed it or this site. The number below is a placeholder in the shape of a licence number, not a number any regulator issued.

## Licence (placeholder)
- Licence holder: ${DEMO_OPERATOR} (invented)
- Licence number: ${DEMO_LICENCE_NUMBER} (placeholder)
- Regulator: none

A licensed operator replaces this page with its real licence: the holder, the number, the regulator that issued it and where a player can check it.`,
    },
  },
};

/**
 * Version 1 of each demo page, published now, when no version of any page exists yet; the members
 * the seed made (the demo accounts) accepted those terms when they were made, so the demo does not
 * greet its own accounts with the acceptance dialog.
 */
export async function seedLegalPages(db: Conn, now: Date): Promise<void> {
  const any = await db.selectFrom('legal_versions').select('id').limit(1).executeTakeFirst();
  if (any) return;
  for (const [kind, texts] of Object.entries(DEMO_LEGAL)) {
    const row = await db
      .insertInto('legal_versions')
      .values({
        kind: kind as never,
        version: 1,
        summary: 'First version of the demo brand.',
        acceptance_required: kind === 'terms',
        created_at: now,
        created_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('legal_texts')
      .values(Object.entries(texts).map(([language, t]) => ({ version_id: row.id, language, ...t })))
      .execute();
    await db
      .updateTable('legal_versions')
      .set({ status: 'published', published_at: now })
      .where('id', '=', row.id)
      .execute();
    if (kind === 'terms') {
      await db
        .insertInto('legal_acceptances')
        .columns(['member_id', 'version_id', 'accepted_at'])
        .expression((eb) =>
          eb
            .selectFrom('members')
            .select((s) => ['id', s.val(row.id).as('version_id'), s.val(now).as('accepted_at')])
            .where('type', '<>', OPERATOR_ACCOUNT_TYPE),
        )
        .execute();
    }
  }
}
