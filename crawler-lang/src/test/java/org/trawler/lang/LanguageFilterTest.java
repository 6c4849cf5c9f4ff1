package org.trawler.lang;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.Test;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.ParseData;
import org.trawler.core.parse.HtmlParser;
import org.trawler.core.parse.ParseFilters;
import org.trawler.core.parse.ParseKeys;
import org.trawler.core.parse.ParseNote;
import org.trawler.core.parse.ParseResult;
import org.trawler.core.parse.ParsedPage;
import org.trawler.core.plugin.Plugin;

public class LanguageFilterTest {
  /** One announcement, as a town's library would post it in each language. */
  static final String EN =
      "The library on Mill Road will close for three weeks in August while the heating system is"
          + " replaced. Members can return books at the town hall during this time, and the mobile"
          + " library will visit the market square every Tuesday morning. Staff expect the"
          + " building to reopen on the second of September with a new reading room for children.";

  static final String DE =
      "Die Stadtbibliothek in der Mühlenstraße bleibt im August drei Wochen lang geschlossen, weil"
          + " die Heizungsanlage erneuert wird. In dieser Zeit können Bücher im Rathaus"
          + " zurückgegeben werden, und der Bücherbus hält jeden Dienstagvormittag auf dem"
          + " Marktplatz. Die Mitarbeiterinnen und Mitarbeiter rechnen damit, dass das Gebäude am"
          + " zweiten September mit einem neuen Lesesaal für Kinder wieder öffnet.";

  static final String FR =
      "La bibliothèque de la rue du Moulin fermera pendant trois semaines en août, le temps de"
          + " remplacer le système de chauffage. Pendant cette période, les lecteurs pourront"
          + " rendre leurs livres à la mairie, et le bibliobus passera chaque mardi matin sur la"
          + " place du marché. Le personnel espère rouvrir le bâtiment le deux septembre avec une"
          + " nouvelle salle de lecture pour les enfants.";

  static final String ES =
      "La biblioteca de la calle del Molino cerrará durante tres semanas en agosto mientras se"
          + " sustituye el sistema de calefacción. Durante ese tiempo, los socios podrán devolver"
          + " los libros en el ayuntamiento, y el bibliobús visitará la plaza del mercado todos los"
          + " martes por la mañana. El personal espera que el edificio vuelva a abrir el dos de"
          + " septiembre con una nueva sala de lectura para niños.";

  static final String IT =
      "La biblioteca di via del Mulino resterà chiusa per tre settimane ad agosto, mentre viene"
          + " sostituito l'impianto di riscaldamento. In questo periodo gli iscritti potranno"
          + " restituire i libri in municipio, e il bibliobus sosterà ogni martedì mattina in"
          + " piazza del mercato. Il personale prevede di riaprire l'edificio il due settembre con"
          + " una nuova sala di lettura per i bambini.";

  static final String JA =
      "水車通りの図書館は、暖房設備の交換のため、八月に三週間休館します。この期間中、本は市役所で"
          + "返却することができ、移動図書館は毎週火曜日の午前中に市場広場を訪れます。職員によると、"
          + "九月二日には子ども向けの新しい閲覧室とともに再開する予定です。";

  static final String ZH =
      "磨坊路的图书馆将于八月闭馆三周，以更换供暖系统。在此期间，读者可以到市政厅归还图书，"
          + "流动图书馆每周二上午会停靠在市场广场。工作人员预计，图书馆将于九月二日重新开放，"
          + "并新增一间儿童阅览室。";

  private static Configuration conf;
  private static HtmlParser parser;
  private static ParseFilters filters;

  @BeforeClass
  public static void setUp() {
    conf = new Configuration(false);
    conf.addResource("trawler-default.xml");
    conf.set(ParseKeys.FILTER_ORDER, "lang");
    conf.set(ParseKeys.TIMEOUT, "0");
    parser = new HtmlParser(conf);
    filters = new ParseFilters(conf);
  }

  @AfterClass
  public static void tearDown() {
    parser.close();
    filters.close();
  }

  /** A page with a menu in English around {@code text}; {@code htmlAttrs} on its html element. */
  private static ParseResult page(String htmlAttrs, String title, String text, String... headers) {
    String html =
        "<!DOCTYPE html><html"
            + htmlAttrs
            + "><head><meta charset=\"utf-8\"><title>"
            + title
            + "</title></head><body><nav><a href=\"/\">Home</a> <a href=\"/contact\">Contact</a>"
            + "</nav><h1>"
            + title
            + "</h1><p>"
            + text
            + "</p><footer>© 2024</footer></body></html>";
    Content content =
        new Content(
            "https://library.example/news",
            "https://library.example/news",
            html.getBytes(StandardCharsets.UTF_8),
            "text/html",
            false);
    for (int i = 0; i + 1 < headers.length; i += 2) {
      content.getHeaders().put(headers[i], headers[i + 1]);
    }
    return filters.filter(content, "text/html", parser.parse(content, "text/html"));
  }

  private static String lang(ParseResult r) {
    return r.data().getMeta().get(ParseData.META_LANG);
  }

  @Test
  public void sevenLanguagesFromTheTextAloneWhenTheMarkupSaysNothing() {
    assertEquals("en", lang(page("", "Library closed in August", EN)));
    assertEquals("de", lang(page("", "Bibliothek im August geschlossen", DE)));
    assertEquals("fr", lang(page("", "Fermeture de la bibliothèque en août", FR)));
    assertEquals("es", lang(page("", "La biblioteca cierra en agosto", ES)));
    assertEquals("it", lang(page("", "Biblioteca chiusa ad agosto", IT)));
    assertEquals("ja", lang(page("", "図書館休館のお知らせ", JA)));
    assertEquals("zh", lang(page("", "图书馆闭馆通知", ZH)));
  }

  @Test
  public void theTextWinsOverMarkupThatSaysOtherwise() {
    ParseResult r = page(" lang=\"en\"", "Bibliothek im August geschlossen", DE);
    assertEquals("de", lang(r));
    assertEquals(List.of("lang", "languages"), ParsedPage.fieldNames(r.data()));
    assertEquals(LangCounter.LANG_FROM_TEXT.counterName(), r.notes().get(0).counter());
  }

  @Test
  public void aTextTooShortTakesTheDeclaredLanguage() {
    assertEquals("fr", lang(page(" lang=\"fr-CA\"", "Accueil", "Bonjour.")));
    assertEquals("it", lang(page(" xml:lang=\"it\"", "Home", "Ciao!")));
    assertEquals("de", lang(page("", "Start", "Hallo.", "Content-Language", "de-AT, en")));
    ParseResult r = page(" lang=\"es\"", "Inicio", "Hola.");
    assertEquals(
        List.of(
            new ParseNote(
                "lang",
                LangCounter.LANG_FROM_MARKUP.counterName(),
                "lang es as the page declares: text too short or mixed")),
        r.notes());
  }

  @Test
  public void aShortPageThatDeclaresNothingHasNoLanguage() {
    ParseResult r = page("", "Start", "Hallo.");
    assertNull(lang(r));
    assertEquals(List.of(), ParsedPage.fieldNames(r.data()));
    assertEquals(LangCounter.LANG_ABSENT.counterName(), r.notes().get(0).counter());
    assertNull(lang(page(" lang=\"x-default\"", "Start", "Hallo.")));
  }

  @Test
  public void aDocumentsTextHasItsLanguageToo() {
    Content content =
        new Content("https://library.example/a.pdf", "", new byte[0], "application/pdf", false);
    ParseData data = new ParseData(ParseData.SUCCESS, "", "");
    ParsedPage page = new ParsedPage(content, "application/pdf", null, data, IT);
    Plugin.configured(new LanguageFilter(), conf).filter(page);
    assertEquals("it", data.getMeta().get(ParseData.META_LANG));
  }

  /**
   * A chapter of a Spanish manual, as translated documentation sites publish it: Spanish prose
   * around shell examples whose commands, comments and output are English, as the program's are.
   */
  static final String SPANISH_MANUAL_CHAPTER =
      "<h1>Instalación del servidor</h1>"
          + "<p>Para instalar el servidor en un sistema Debian o Ubuntu, primero hay que actualizar"
          + " la lista de paquetes y después instalar el paquete con el gestor de paquetes del"
          + " sistema. Los comandos de esta sección se ejecutan en una terminal con permisos de"
          + " administrador.</p>"
          + "<pre><code># Update the list of packages and install the server\n"
          + "sudo apt-get update\n"
          + "sudo apt-get install -y lantern-server\n"
          + "# Start the service now and make sure that it is started at every boot\n"
          + "sudo systemctl enable --now lantern</code></pre>"
          + "<p>Una vez instalado, el servicio se inicia automáticamente y escucha en el puerto"
          + " 8080. Para comprobar que está en marcha, consulte su estado y pida la página de"
          + " inicio con curl:</p>"
          + "<pre><code># Check that the service is running and that it answers on its port\n"
          + "systemctl status lantern\n"
          + "curl -I http://localhost:8080/\n"
          + "HTTP/1.1 200 OK\n"
          + "# If it is not running, read the last lines of its log for the reason\n"
          + "journalctl -u lantern -n 50</code></pre>"
          + "<p>Si el servicio no arranca, revise el archivo de configuración que se encuentra en"
          + " /etc/lantern/lantern.conf: la causa más frecuente es un puerto que ya está ocupado"
          + " por otro programa. Cambie el puerto en la configuración y vuelva a iniciar el"
          + " servicio.</p>"
          + "<p>Para ver la configuración que el servidor ha cargado, use la orden siguiente:</p>"
          + "<pre>$ ls -l /etc/lantern\ntotal 12\n"
          + "-rw-r--r-- 1 root root 1204 Mar 3 10:12 lantern.conf\n"
          + "-rw-r--r-- 1 root root 310 Mar 3 10:12 logging.properties\n"
          + "drwxr-xr-x 2 root root 4096 Mar 3 10:12 sites-enabled\n"
          + "$ lantern --version\nlantern 2.4.1 (build 7f3c2e1, linux-amd64)\n"
          + "$ lantern config check\nChecking /etc/lantern/lantern.conf ... ok\n"
          + "Checking the listen address 0.0.0.0:8080 ... ok\n"
          + "Checking the data directory /var/lib/lantern ... ok\n"
          + "Loaded 3 sites, 12 routes and 2 certificates in 41 ms</pre>";

  /** A page of {@code body}, declaring no language. */
  private static ParseResult bodyPage(String body) {
    String html =
        "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>Manual</title></head><body>"
            + body
            + "</body></html>";
    Content content =
        new Content(
            "https://docs.example/es/install",
            "https://docs.example/es/install",
            html.getBytes(StandardCharsets.UTF_8),
            "text/html",
            false);
    return filters.filter(content, "text/html", parser.parse(content, "text/html"));
  }

  private static List<String> languages(ParseResult r) {
    String value = r.data().getMeta().get(ParseData.META_LANGUAGES);
    return value == null ? List.of() : ParsedPage.values(value);
  }

  @Test
  public void spanishProseAroundEnglishShellExamplesIsSpanishThenEnglish() {
    ParseResult r = bodyPage(SPANISH_MANUAL_CHAPTER);
    // neither detector is sure of the page as a whole: before its blocks were read, it had no lang
    String text = r.text().getText();
    assertNull(QuickLanguage.detect(text));
    assertNull(Plugin.configured(new LanguageFilter(), conf).byNgrams(text));
    assertEquals("es", lang(r));
    assertEquals(List.of("es", "en"), languages(r));
    assertEquals(List.of("lang", "languages"), ParsedPage.fieldNames(r.data()));
    assertEquals(
        List.of(
            new ParseNote(
                "lang",
                LangCounter.LANG_FROM_TEXT.counterName(),
                "lang es from the text's blocks, 74 % of them"),
            new ParseNote(
                "lang",
                LangCounter.LANG_MIXED.counterName(),
                "languages es 74 %, en 26 % of the text's blocks")),
        r.notes().stream().filter(n -> !n.detail().isEmpty()).toList());
  }

  @Test
  public void aPageInOneLanguageHasThatOneLanguage() {
    for (String text : List.of(EN, DE, FR, ES, IT, JA, ZH)) {
      ParseResult r = page("", "News", text);
      assertEquals(text, List.of(lang(r)), languages(r));
    }
  }

  @Test
  public void aPageInGermanEnglishAndFrenchHasTheThreeLargestFirst() {
    ParseResult r =
        bodyPage(
            "<h1>Bibliothek</h1><p>" + DE + "</p><p>" + EN + " " + EN + "</p><p>" + FR + "</p>");
    assertEquals(List.of("en", "de", "fr"), languages(r));
  }

  @Test
  public void aShortOrUndecidableTextHasNoLanguages() {
    assertEquals(List.of(), languages(page("", "Start", "Hallo.")));
    assertEquals(List.of(), languages(page(" lang=\"de\"", "Start", "Hallo.")));
    ParseResult timetable =
        bodyPage(
            "<table><tr><td>Bus 12</td><td>06:10 06:40 07:10 07:40 08:10 08:40 09:10</td></tr>"
                + "<tr><td>Bus 14</td><td>06:25 06:55 07:25 07:55 08:25 08:55 09:25</td></tr>"
                + "<tr><td>Tram 3</td><td>05:50 06:05 06:20 06:35 06:50 07:05 07:20</td></tr>"
                + "</table>");
    assertNull(lang(timetable));
    assertEquals(List.of(), languages(timetable));
  }

  @Test
  public void theMainLanguageComesFirst() {
    assertEquals(List.of("es", "en"), LanguageFilter.languages("es", List.of("en", "es")));
    assertEquals(
        List.of("ar", "en", "fr"), LanguageFilter.languages("ar", List.of("en", "fr", "de")));
  }

  @Test
  public void languageTagsToISO639() {
    assertEquals("en", LanguageFilter.iso639("en-GB"));
    assertEquals("pt", LanguageFilter.iso639(" PT_br "));
    assertEquals("de", LanguageFilter.iso639("de, en"));
    assertNull(LanguageFilter.iso639("deu"));
    assertNull(LanguageFilter.iso639("und"));
    assertNull(LanguageFilter.iso639(""));
    assertNull(LanguageFilter.iso639(null));
  }
}
