// The words of the frame every game page shares (frame.ts), in the launch language where the studio
// has them: English and Filipino (the brand's TY). The games' own texts are in game-words.ts.
import { inLanguage } from './words';

export type FrameWords = {
  backToLobby: string;
  fairness: string;
  fairnessAndHistory: string;
  drawerLabel: string;
  drawerTitle: string;
  close: string;
  soundOn: string;
  soundOff: string;
  demo: string;
  sessionEndedTitle: string;
  sessionEnded: string;
};

const EN: FrameWords = {
  backToLobby: 'Back to lobby',
  fairness: 'Fairness',
  fairnessAndHistory: 'Fairness and history',
  drawerLabel: 'Provably fair and history',
  drawerTitle: 'Provably fair · History',
  close: 'Close',
  soundOn: 'Sound on, turn off',
  soundOff: 'Sound off, turn on',
  demo: 'DEMO',
  sessionEndedTitle: 'Game session ended',
  sessionEnded:
    'You signed out on the site (or your sessions there were ended), so this game has stopped. Sign in and open the game again.',
};

const TY: FrameWords = {
  backToLobby: 'Bumalik sa lobby',
  fairness: 'Pagkapatas',
  fairnessAndHistory: 'Pagkapatas at kasaysayan',
  drawerLabel: 'Provably fair at kasaysayan',
  drawerTitle: 'Provably fair · Kasaysayan',
  close: 'Isara',
  soundOn: 'Bukas ang tunog, patayin',
  soundOff: 'Patay ang tunog, buksan',
  demo: 'DEMO',
  sessionEndedTitle: 'Natapos ang session ng laro',
  sessionEnded:
    'Nag-sign out ka sa site (o tinapos doon ang iyong mga session), kaya huminto ang larong ito. Mag-sign in at buksan muli ang laro.',
};

/** The frame's words in `language` (the platform's code, TY for Filipino); English otherwise. */
export function frameWords(language: unknown): FrameWords {
  return inLanguage({ EN, TY }, language);
}
