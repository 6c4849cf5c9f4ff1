package org.trawler.simweb;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The prose of a multilingual simweb site ({@code --langs}): for each language a handful of plain
 * sentences, written for simweb, about a town, its library, its market and its weather, and the
 * words that lead into a link ("Read more in"). A page's paragraphs are drawn from its language's
 * sentences, so that a page is all in one language, as a real one is.
 */
final class SimWebLanguages {
  /** A language's sentences and the words before a link. */
  record Prose(List<String> sentences, String linkLead) {}

  private static final Map<String, Prose> PROSE =
      Map.ofEntries(
          Map.entry(
              "en",
              new Prose(
                  List.of(
                      "The library on the main square opens at nine and closes late on Thursdays.",
                      "Most visitors come for the old maps, which are kept in a cool room upstairs.",
                      "On market days the farmers bring their apples and cheese to the bridge.",
                      "It was raining when the train arrived, so we waited in the small cafe.",
                      "The town council has decided that the harbor will be repaired next spring.",
                      "Children from the village school write letters to the museum every year.",
                      "If you walk along the river, you will find a quiet garden behind the mill."),
                  "Read more in")),
          Map.entry(
              "de",
              new Prose(
                  List.of(
                      "Die Bibliothek am Marktplatz öffnet um neun Uhr und ist donnerstags bis"
                          + " zum Abend geöffnet.",
                      "Die meisten Besucher kommen wegen der alten Karten, die im kühlen Raum"
                          + " oben aufbewahrt werden.",
                      "An Markttagen bringen die Bauern ihre Äpfel und ihren Käse zur Brücke.",
                      "Als der Zug ankam, regnete es, und wir warteten in dem kleinen Café.",
                      "Der Stadtrat hat beschlossen, dass der Hafen im nächsten Frühjahr"
                          + " repariert wird.",
                      "Die Kinder der Dorfschule schreiben jedes Jahr Briefe an das Museum.",
                      "Wer am Fluss entlang geht, findet hinter der Mühle einen stillen Garten."),
                  "Mehr dazu in")),
          Map.entry(
              "fr",
              new Prose(
                  List.of(
                      "La bibliothèque de la grande place ouvre à neuf heures et ferme tard le"
                          + " jeudi.",
                      "La plupart des visiteurs viennent pour les vieilles cartes, qui sont"
                          + " gardées dans une salle fraîche à l'étage.",
                      "Les jours de marché, les paysans apportent leurs pommes et leur fromage"
                          + " sur le pont.",
                      "Il pleuvait quand le train est arrivé, alors nous avons attendu dans le"
                          + " petit café.",
                      "Le conseil municipal a décidé que le port sera réparé au printemps"
                          + " prochain.",
                      "Les enfants de l'école du village écrivent des lettres au musée chaque"
                          + " année.",
                      "Si vous marchez le long de la rivière, vous trouverez un jardin calme"
                          + " derrière le moulin."),
                  "Pour en savoir plus, voir")),
          Map.entry(
              "es",
              new Prose(
                  List.of(
                      "La biblioteca de la plaza mayor abre a las nueve y cierra tarde los"
                          + " jueves.",
                      "La mayoría de los visitantes vienen por los mapas antiguos, que se guardan"
                          + " en una sala fresca del piso de arriba.",
                      "Los días de mercado los campesinos llevan sus manzanas y su queso al"
                          + " puente.",
                      "Estaba lloviendo cuando llegó el tren, así que esperamos en el pequeño"
                          + " café.",
                      "El ayuntamiento ha decidido que el puerto se reparará la próxima"
                          + " primavera.",
                      "Los niños de la escuela del pueblo escriben cartas al museo todos los"
                          + " años.",
                      "Si caminas por el río, encontrarás un jardín tranquilo detrás del"
                          + " molino."),
                  "Más información en")),
          Map.entry(
              "it",
              new Prose(
                  List.of(
                      "La biblioteca della piazza principale apre alle nove e il giovedì chiude"
                          + " tardi.",
                      "La maggior parte dei visitatori viene per le vecchie carte, che sono"
                          + " conservate in una stanza fresca al piano di sopra.",
                      "Nei giorni di mercato i contadini portano le loro mele e il loro formaggio"
                          + " al ponte.",
                      "Pioveva quando è arrivato il treno, così abbiamo aspettato nel piccolo"
                          + " caffè.",
                      "Il consiglio comunale ha deciso che il porto sarà riparato la prossima"
                          + " primavera.",
                      "I bambini della scuola del paese scrivono ogni anno delle lettere al"
                          + " museo.",
                      "Se cammini lungo il fiume, troverai un giardino tranquillo dietro il"
                          + " mulino."),
                  "Per saperne di più, vedi")),
          Map.entry(
              "pt",
              new Prose(
                  List.of(
                      "A biblioteca da praça principal abre às nove horas e fecha tarde às"
                          + " quintas-feiras.",
                      "A maioria dos visitantes vem pelos mapas antigos, que são guardados numa"
                          + " sala fresca no andar de cima.",
                      "Nos dias de feira os agricultores levam as suas maçãs e o seu queijo para"
                          + " a ponte.",
                      "Estava a chover quando o comboio chegou, por isso esperámos no pequeno"
                          + " café.",
                      "A câmara municipal decidiu que o porto será reparado na próxima"
                          + " primavera.",
                      "As crianças da escola da aldeia escrevem cartas ao museu todos os anos.",
                      "Se andar ao longo do rio, vai encontrar um jardim sossegado atrás do"
                          + " moinho."),
                  "Leia mais em")),
          Map.entry(
              "nl",
              new Prose(
                  List.of(
                      "De bibliotheek aan het marktplein gaat om negen uur open en is op"
                          + " donderdag tot laat open.",
                      "De meeste bezoekers komen voor de oude kaarten, die boven in een koele"
                          + " kamer worden bewaard.",
                      "Op marktdagen brengen de boeren hun appels en hun kaas naar de brug.",
                      "Het regende toen de trein aankwam, dus wachtten we in het kleine café.",
                      "De gemeenteraad heeft besloten dat de haven volgend voorjaar wordt"
                          + " hersteld.",
                      "De kinderen van de dorpsschool schrijven elk jaar brieven aan het museum.",
                      "Wie langs de rivier wandelt, vindt achter de molen een rustige tuin."),
                  "Lees meer in")),
          Map.entry(
              "ru",
              new Prose(
                  List.of(
                      "Библиотека на главной площади открывается в девять часов и по четвергам"
                          + " работает допоздна.",
                      "Большинство посетителей приходят ради старых карт, которые хранятся в"
                          + " прохладной комнате наверху.",
                      "В базарные дни крестьяне привозят к мосту свои яблоки и сыр.",
                      "Когда пришёл поезд, шёл дождь, и мы ждали в маленьком кафе.",
                      "Городской совет решил, что гавань отремонтируют следующей весной.",
                      "Дети из деревенской школы каждый год пишут письма в музей.",
                      "Если идти вдоль реки, то за мельницей можно найти тихий сад."),
                  "Подробнее в")),
          Map.entry(
              "ja",
              new Prose(
                  List.of(
                      "中央広場の図書館は九時に開き、木曜日は夜遅くまで開いています。",
                      "多くの人は古い地図を見に来ますが、その地図は二階の涼しい部屋に保管されています。",
                      "市場の日には、農家の人たちがりんごやチーズを橋のところまで運んできます。",
                      "電車が着いたときは雨が降っていたので、私たちは小さな喫茶店で待ちました。",
                      "町の議会は、来年の春に港を修理することに決めました。",
                      "村の学校の子どもたちは、毎年博物館に手紙を書いています。",
                      "川に沿って歩いていくと、水車小屋の裏に静かな庭が見つかります。"),
                  "詳しくは")),
          Map.entry(
              "zh",
              new Prose(
                  List.of(
                      "中心广场的图书馆每天九点开门，星期四晚上关门比较晚。",
                      "大多数游客是为了看旧地图而来的，这些地图保存在楼上一个凉爽的房间里。",
                      "每逢集市日，农民们把自己种的苹果和做的奶酪运到桥边去卖。",
                      "火车到站的时候正在下雨，所以我们在那家小咖啡馆里等了一会儿。",
                      "市议会已经决定明年春天修复这个港口。",
                      "村里学校的孩子们每年都给博物馆写信。",
                      "如果沿着河边散步，你会在磨坊后面找到一个安静的花园。"),
                  "详见")),
          Map.entry(
              "ko",
              new Prose(
                  List.of(
                      "중앙 광장에 있는 도서관은 아홉 시에 문을 열고 목요일에는 늦게까지 엽니다.",
                      "대부분의 방문객은 위층의 시원한 방에 보관된 오래된 지도를 보러 옵니다.",
                      "장날이 되면 농부들이 사과와 치즈를 다리까지 가지고 옵니다.",
                      "기차가 도착했을 때 비가 내리고 있어서 우리는 작은 카페에서 기다렸습니다.",
                      "시의회는 내년 봄에 항구를 고치기로 결정했습니다.",
                      "마을 학교의 아이들은 해마다 박물관에 편지를 씁니다.",
                      "강을 따라 걸어가면 방앗간 뒤에서 조용한 정원을 찾을 수 있습니다."),
                  "자세한 내용은")));

  private SimWebLanguages() {}

  /** The languages simweb writes, by ISO 639-1 code. */
  static boolean knows(String lang) {
    return PROSE.containsKey(lang);
  }

  /** The codes simweb writes, sorted: for usage messages. */
  static List<String> codes() {
    return PROSE.keySet().stream().sorted().toList();
  }

  /** One of {@code lang}'s sentences, drawn with {@code rnd}. */
  static String sentence(String lang, SplittableRandom rnd) {
    List<String> sentences = PROSE.get(lang).sentences();
    return sentences.get(rnd.nextInt(sentences.size()));
  }

  /** The words before a link in {@code lang}'s prose. */
  static String linkLead(String lang) {
    return PROSE.get(lang).linkLead();
  }
}
