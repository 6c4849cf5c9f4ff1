package org.trawler.lang;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Prose in the languages a crawl meets most, as pages write it (news, documentation, a shop, a
 * forum), and texts made from it the way real pages mix it: an English menu around the content,
 * code between the sentences, a few sentences only.
 */
final class LanguageSamples {
  /** Sentences per language, by ISO 639-1 code. */
  static final Map<String, String[]> SENTENCES = new LinkedHashMap<>();

  static {
    SENTENCES.put(
        "en",
        new String[] {
          "The library on Mill Road will close for three weeks in August while the heating system"
              + " is replaced.",
          "Members can return books at the town hall during this time, and the mobile library will"
              + " visit the market square every Tuesday morning.",
          "To install the package, run the command below and restart the server when it has"
              + " finished.",
          "This method returns the number of bytes that were written, or minus one if the stream"
              + " has already been closed.",
          "Thanks for the quick reply, I tried that but the error is still there after the update.",
          "Our shop ships to most countries in Europe, and orders over fifty pounds are delivered"
              + " free of charge.",
          "The council said on Monday that the new bridge would be open to traffic by the end of"
              + " the year."
        });
    SENTENCES.put(
        "de",
        new String[] {
          "Die Stadtbibliothek in der Mühlenstraße bleibt im August drei Wochen lang geschlossen,"
              + " weil die Heizungsanlage erneuert wird.",
          "In dieser Zeit können Bücher im Rathaus zurückgegeben werden, und der Bücherbus hält"
              + " jeden Dienstagvormittag auf dem Marktplatz.",
          "Um das Paket zu installieren, führen Sie den folgenden Befehl aus und starten Sie den"
              + " Server danach neu.",
          "Diese Methode gibt die Anzahl der geschriebenen Bytes zurück, oder minus eins, wenn der"
              + " Datenstrom schon geschlossen ist.",
          "Danke für die schnelle Antwort, ich habe das versucht, aber der Fehler tritt auch nach"
              + " dem Update noch auf.",
          "Wir liefern in die meisten Länder Europas, und Bestellungen über fünfzig Euro sind"
              + " versandkostenfrei.",
          "Der Stadtrat teilte am Montag mit, dass die neue Brücke bis zum Jahresende für den"
              + " Verkehr freigegeben werden soll."
        });
    SENTENCES.put(
        "fr",
        new String[] {
          "La bibliothèque de la rue du Moulin fermera pendant trois semaines en août, le temps de"
              + " remplacer le système de chauffage.",
          "Pendant cette période, les lecteurs pourront rendre leurs livres à la mairie, et le"
              + " bibliobus passera chaque mardi matin sur la place du marché.",
          "Pour installer le paquet, lancez la commande ci-dessous et redémarrez le serveur quand"
              + " elle est terminée.",
          "Cette méthode renvoie le nombre d'octets écrits, ou moins un si le flux a déjà été"
              + " fermé.",
          "Merci pour la réponse rapide, j'ai essayé mais l'erreur est toujours là après la mise à"
              + " jour.",
          "Nous livrons dans la plupart des pays d'Europe, et la livraison est gratuite pour les"
              + " commandes de plus de cinquante euros.",
          "Le conseil municipal a annoncé lundi que le nouveau pont serait ouvert à la circulation"
              + " avant la fin de l'année."
        });
    SENTENCES.put(
        "es",
        new String[] {
          "La biblioteca de la calle del Molino cerrará durante tres semanas en agosto mientras se"
              + " sustituye el sistema de calefacción.",
          "Durante ese tiempo, los socios podrán devolver los libros en el ayuntamiento, y el"
              + " bibliobús visitará la plaza del mercado todos los martes.",
          "Para instalar el paquete, ejecute el siguiente comando y reinicie el servidor cuando"
              + " haya terminado.",
          "Este método devuelve el número de bytes escritos, o menos uno si el flujo ya se ha"
              + " cerrado.",
          "Gracias por la respuesta rápida, lo he probado pero el error sigue apareciendo después"
              + " de la actualización.",
          "Enviamos a la mayoría de los países de Europa, y los pedidos de más de cincuenta euros"
              + " no pagan gastos de envío.",
          "El ayuntamiento anunció el lunes que el nuevo puente estará abierto al tráfico antes de"
              + " que termine el año."
        });
    SENTENCES.put(
        "it",
        new String[] {
          "La biblioteca di via del Mulino resterà chiusa per tre settimane ad agosto, mentre viene"
              + " sostituito l'impianto di riscaldamento.",
          "In questo periodo gli iscritti potranno restituire i libri in municipio, e il bibliobus"
              + " sosterà ogni martedì mattina in piazza del mercato.",
          "Per installare il pacchetto, esegui il comando qui sotto e riavvia il server quando ha"
              + " finito.",
          "Questo metodo restituisce il numero di byte scritti, oppure meno uno se il flusso è già"
              + " stato chiuso.",
          "Grazie per la risposta veloce, ho provato ma l'errore c'è ancora dopo l'aggiornamento.",
          "Spediamo nella maggior parte dei paesi europei, e la spedizione è gratuita per gli"
              + " ordini oltre cinquanta euro.",
          "Il consiglio comunale ha annunciato lunedì che il nuovo ponte sarà aperto al traffico"
              + " entro la fine dell'anno."
        });
    SENTENCES.put(
        "pt",
        new String[] {
          "A biblioteca da rua do Moinho vai fechar durante três semanas em agosto, enquanto o"
              + " sistema de aquecimento é substituído.",
          "Nesse período, os sócios podem devolver os livros na câmara municipal, e a biblioteca"
              + " itinerante vai estar na praça do mercado todas as terças.",
          "Para instalar o pacote, execute o comando abaixo e reinicie o servidor quando ele"
              + " terminar.",
          "Este método devolve o número de bytes escritos, ou menos um se o fluxo já tiver sido"
              + " fechado.",
          "Obrigado pela resposta rápida, eu tentei isso mas o erro continua depois da"
              + " atualização.",
          "Enviamos para a maioria dos países da Europa, e as encomendas acima de cinquenta euros"
              + " não pagam portes.",
          "A câmara anunciou na segunda-feira que a nova ponte vai abrir ao trânsito até ao fim do"
              + " ano."
        });
    SENTENCES.put(
        "nl",
        new String[] {
          "De bibliotheek aan de Molenweg is in augustus drie weken gesloten, omdat de verwarming"
              + " wordt vervangen.",
          "In die tijd kunnen leden hun boeken inleveren op het gemeentehuis, en de bibliobus"
              + " staat elke dinsdagochtend op het marktplein.",
          "Om het pakket te installeren, voer je de onderstaande opdracht uit en start je daarna de"
              + " server opnieuw.",
          "Deze methode geeft het aantal geschreven bytes terug, of min één als de stroom al is"
              + " gesloten.",
          "Bedankt voor het snelle antwoord, ik heb het geprobeerd maar de fout is er na de update"
              + " nog steeds.",
          "Wij verzenden naar de meeste landen in Europa, en bestellingen boven vijftig euro worden"
              + " gratis bezorgd.",
          "De gemeenteraad maakte maandag bekend dat de nieuwe brug voor het einde van het jaar"
              + " open gaat voor verkeer."
        });
    SENTENCES.put(
        "pl",
        new String[] {
          "Biblioteka przy ulicy Młyńskiej będzie zamknięta przez trzy tygodnie w sierpniu, ponieważ"
              + " wymieniane jest ogrzewanie.",
          "W tym czasie czytelnicy mogą zwracać książki w ratuszu, a biblioteka objazdowa będzie"
              + " stała na rynku w każdy wtorek rano.",
          "Aby zainstalować pakiet, uruchom poniższe polecenie i po jego zakończeniu zrestartuj"
              + " serwer.",
          "Ta metoda zwraca liczbę zapisanych bajtów albo minus jeden, jeśli strumień został już"
              + " zamknięty.",
          "Dzięki za szybką odpowiedź, próbowałem tego, ale błąd nadal występuje po aktualizacji."
        });
    SENTENCES.put(
        "sv",
        new String[] {
          "Biblioteket på Kvarngatan stänger i tre veckor i augusti medan värmesystemet byts ut.",
          "Under den tiden kan låntagarna lämna tillbaka böcker i stadshuset, och bokbussen står på"
              + " torget varje tisdag förmiddag.",
          "För att installera paketet kör du kommandot nedan och startar om servern när det är"
              + " klart.",
          "Den här metoden returnerar antalet skrivna byte, eller minus ett om strömmen redan har"
              + " stängts.",
          "Tack för det snabba svaret, jag har testat det men felet finns kvar efter uppdateringen."
        });
    SENTENCES.put(
        "ru",
        new String[] {
          "Библиотека на Мельничной улице закроется на три недели в августе, пока будут менять"
              + " систему отопления.",
          "В это время читатели могут вернуть книги в здании администрации, а передвижная"
              + " библиотека будет приезжать на рыночную площадь каждый вторник.",
          "Чтобы установить пакет, выполните команду ниже и перезапустите сервер, когда она"
              + " завершится.",
          "Этот метод возвращает число записанных байтов или минус один, если поток уже закрыт.",
          "Спасибо за быстрый ответ, я это попробовал, но ошибка всё ещё есть после обновления.",
          "Мы доставляем заказы в большинство стран Европы, а при заказе от пятидесяти евро"
              + " доставка бесплатна."
        });
    SENTENCES.put(
        "ja",
        new String[] {
          "水車通りの図書館は、暖房設備の交換のため、八月に三週間休館します。",
          "この期間中、本は市役所で返却することができ、移動図書館は毎週火曜日の午前中に市場広場を訪れます。",
          "パッケージをインストールするには、次のコマンドを実行し、完了したらサーバーを再起動してください。",
          "このメソッドは書き込まれたバイト数を返します。ストリームがすでに閉じられている場合はマイナス一を返します。",
          "早速の返信ありがとうございます。試してみましたが、アップデート後もエラーが出ます。",
          "ヨーロッパのほとんどの国に発送しており、五十ユーロ以上のご注文は送料無料です。"
        });
    SENTENCES.put(
        "zh",
        new String[] {
          "磨坊路的图书馆将于八月闭馆三周，以更换供暖系统。",
          "在此期间，读者可以到市政厅归还图书，流动图书馆每周二上午会停靠在市场广场。",
          "要安装该软件包，请运行下面的命令，完成后重新启动服务器。",
          "此方法返回写入的字节数，如果流已经关闭，则返回负一。",
          "谢谢你的快速回复，我试过了，但是更新以后错误仍然存在。",
          "我们向欧洲大多数国家发货，订单满五十欧元免运费。"
        });
    SENTENCES.put(
        "ko",
        new String[] {
          "방앗간 길에 있는 도서관은 난방 시설 교체를 위해 8월에 3주 동안 휴관합니다.",
          "이 기간 동안 책은 시청에서 반납할 수 있으며, 이동 도서관은 매주 화요일 오전에 시장 광장을 방문합니다.",
          "패키지를 설치하려면 아래 명령을 실행하고 완료되면 서버를 다시 시작하십시오.",
          "이 메서드는 기록된 바이트 수를 반환하며, 스트림이 이미 닫힌 경우에는 마이너스 일을 반환합니다.",
          "빠른 답변 감사합니다. 말씀하신 대로 해 봤지만 업데이트 후에도 오류가 계속 납니다."
        });
  }

  /** What real pages put around their prose, in English whatever the page's language. */
  private static final String[] ENGLISH_CHROME = {
    "Home",
    "About us",
    "Contact",
    "Blog",
    "Search",
    "Sign in",
    "Login",
    "Cart",
    "Products",
    "Support",
    "Privacy policy",
    "Terms of use",
    "Cookie settings",
    "Accept all",
    "Share",
    "Menu",
    "Facebook",
    "Twitter",
    "GitHub",
    "Download",
    "Docs",
    "API",
    "FAQ",
    "Careers",
    "News"
  };

  /** Code as documentation and forum pages show it between sentences. */
  private static final String[] CODE = {
    "int n = stream.write(buffer, 0, length);",
    "if (n < 0) { throw new IOException(\"closed\"); }",
    "npm install --save left-pad",
    "docker run -p 8080:8080 example/server:latest",
    "SELECT id, name FROM users WHERE active = 1;",
    "for i in range(10): print(i)",
    "git commit -am 'fix'",
    "<div class=\"container\"><span id=\"total\"></span></div>",
    "curl -X POST https://api.example.com/v1/items",
    "public static void main(String[] args)"
  };

  /** A text made as pages are made. */
  record Text(String language, String shape, String text) {}

  private LanguageSamples() {}

  /** {@code n} texts in random languages and shapes; the same seed gives the same texts. */
  static List<Text> generated(long seed, int n) {
    SplittableRandom rnd = new SplittableRandom(seed);
    List<String> languages = new ArrayList<>(SENTENCES.keySet());
    List<Text> texts = new ArrayList<>(n);
    String[] shapes = {"prose", "english menu", "code", "short"};
    for (int i = 0; i < n; i++) {
      String lang = languages.get(rnd.nextInt(languages.size()));
      String shape = shapes[rnd.nextInt(shapes.length)];
      String[] sentences = SENTENCES.get(lang);
      StringBuilder sb = new StringBuilder();
      if (shape.equals("english menu")) {
        chrome(sb, rnd, 8 + rnd.nextInt(12));
      }
      int count = shape.equals("short") ? 1 + rnd.nextInt(2) : 3 + rnd.nextInt(8);
      for (int s = 0; s < count; s++) {
        sb.append(sentences[rnd.nextInt(sentences.length)]).append(' ');
        if (shape.equals("code") && rnd.nextBoolean()) {
          sb.append('\n').append(CODE[rnd.nextInt(CODE.length)]).append('\n');
        }
      }
      if (shape.equals("english menu")) {
        chrome(sb, rnd, 5 + rnd.nextInt(10));
      }
      texts.add(new Text(lang, shape, sb.toString().strip()));
    }
    return texts;
  }

  private static void chrome(StringBuilder sb, SplittableRandom rnd, int items) {
    for (int i = 0; i < items; i++) {
      sb.append(ENGLISH_CHROME[rnd.nextInt(ENGLISH_CHROME.length)]).append('\n');
    }
  }
}
