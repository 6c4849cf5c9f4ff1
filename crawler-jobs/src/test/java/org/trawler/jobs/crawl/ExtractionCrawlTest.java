package org.trawler.jobs.crawl;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import java.io.File;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.jobs.CommandRun;
import org.trawler.jobs.LocalJobFixtures;

/**
 * A crawl of a loopback weather site whose reports are in eleven languages, none saying so in its
 * markup, each with a JSON-LD Article and a byline a selector rule cuts out: {@code run --index}
 * gives every page its language, its JSON-LD headline and its byline in the index, where {@code
 * search 'lang:fr'} and {@code -fields url,lang,jsonld.Article.headline} find them; {@code readseg
 * -dump} and {@code check} show the same fields, check the rule that fired.
 */
public class ExtractionCrawlTest {
  @ClassRule public static final TemporaryFolder TMP = new TemporaryFolder();

  /** The same weather report in each language: headline, byline, text. */
  static final Map<String, String[]> REPORTS = new LinkedHashMap<>();

  static {
    REPORTS.put(
        "en",
        new String[] {
          "Heavy rain expected in the north",
          "By Anna Hill",
          "Heavy rain is expected across the north of the country from Thursday evening."
              + " Forecasters advise drivers to leave extra time for their journeys and to avoid"
              + " flooded roads. The weather should improve on Saturday afternoon, when sunshine"
              + " returns to most areas."
        });
    REPORTS.put(
        "de",
        new String[] {
          "Starker Regen im Norden erwartet",
          "Von Jonas Weber",
          "Ab Donnerstagabend wird im Norden des Landes starker Regen erwartet. Die Meteorologen"
              + " raten Autofahrern, mehr Zeit für ihre Fahrten einzuplanen und überflutete Straßen"
              + " zu meiden. Am Samstagnachmittag soll sich das Wetter bessern, wenn in den meisten"
              + " Regionen wieder die Sonne scheint."
        });
    REPORTS.put(
        "fr",
        new String[] {
          "De fortes pluies attendues dans le nord",
          "Par Claire Martin",
          "De fortes pluies sont attendues dans le nord du pays à partir de jeudi soir. Les"
              + " prévisionnistes conseillent aux automobilistes de prévoir plus de temps pour"
              + " leurs trajets et d'éviter les routes inondées. Le temps devrait s'améliorer"
              + " samedi après-midi, quand le soleil reviendra sur la plupart des régions."
        });
    REPORTS.put(
        "es",
        new String[] {
          "Se esperan fuertes lluvias en el norte",
          "Por Lucía Ortega",
          "Se esperan fuertes lluvias en el norte del país a partir del jueves por la noche. Los"
              + " meteorólogos aconsejan a los conductores que salgan con más tiempo y que eviten"
              + " las carreteras inundadas. El tiempo debería mejorar el sábado por la tarde,"
              + " cuando el sol vuelva a la mayoría de las regiones."
        });
    REPORTS.put(
        "it",
        new String[] {
          "Forti piogge attese al nord",
          "Di Marco Rossi",
          "Da giovedì sera sono attese forti piogge nel nord del paese. I meteorologi consigliano"
              + " agli automobilisti di partire con più anticipo e di evitare le strade allagate."
              + " Il tempo dovrebbe migliorare sabato pomeriggio, quando il sole tornerà su gran"
              + " parte delle regioni."
        });
    REPORTS.put(
        "pt",
        new String[] {
          "Chuva forte prevista no norte",
          "Por Rita Sousa",
          "Está prevista chuva forte no norte do país a partir da noite de quinta-feira. Os"
              + " meteorologistas aconselham os condutores a sair com mais tempo e a evitar as"
              + " estradas inundadas. O tempo deve melhorar no sábado à tarde, quando o sol voltar à"
              + " maior parte das regiões."
        });
    REPORTS.put(
        "nl",
        new String[] {
          "Zware regen verwacht in het noorden",
          "Door Sanne de Vries",
          "Vanaf donderdagavond wordt in het noorden van het land zware regen verwacht. De"
              + " meteorologen raden automobilisten aan om meer tijd voor hun reis te nemen en"
              + " ondergelopen wegen te vermijden. Het weer zou zaterdagmiddag beter worden, als de"
              + " zon in de meeste regio's terugkomt."
        });
    REPORTS.put(
        "ru",
        new String[] {
          "На севере ожидаются сильные дожди",
          "Автор Ольга Смирнова",
          "С вечера четверга на севере страны ожидаются сильные дожди. Синоптики советуют"
              + " водителям выезжать заранее и объезжать затопленные дороги. В субботу днём погода"
              + " должна улучшиться, и в большинство регионов вернётся солнце."
        });
    REPORTS.put(
        "ko",
        new String[] {
          "북부 지역에 폭우 예상",
          "기자 김민지",
          "목요일 저녁부터 북부 지역에 많은 비가 내릴 것으로 예상됩니다. 기상 전문가들은 운전자들에게 시간을 넉넉히"
              + " 두고 출발하고 물에 잠긴 도로를 피하라고 당부했습니다. 토요일 오후에는 날씨가 좋아져 대부분의 지역에"
              + " 다시 햇빛이 비칠 것으로 보입니다."
        });
    REPORTS.put(
        "ja",
        new String[] {
          "北部で大雨の予想",
          "山田花子",
          "木曜日の夜から、国の北部では大雨が予想されています。気象予報士は、運転する人に時間に余裕を持って"
              + "出かけ、冠水した道路を避けるよう呼びかけています。土曜日の午後には天気が回復し、多くの地域で"
              + "再び晴れる見込みです。"
        });
    REPORTS.put(
        "zh",
        new String[] {
          "北部地区预计将有强降雨",
          "李明",
          "预计从周四晚上开始，全国北部地区将出现强降雨。气象专家建议司机出行时预留更多时间，并避开积水" + "路段。周六下午天气将会好转，大部分地区将重新迎来阳光。"
        });
  }

  private static HttpServer server;
  private static String site;
  private static Configuration conf;
  private static String crawl;
  private static String index;
  private static CommandRun run;

  @BeforeClass
  public static void crawlAndIndex() throws Exception {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 20);
    server.createContext(
        "/",
        exchange -> {
          String path = exchange.getRequestURI().getPath();
          String lang = path.startsWith("/weather/") ? path.substring(9) : null;
          byte[] body;
          int code = 200;
          if (path.equals("/")) {
            body = home();
          } else if (lang != null && REPORTS.containsKey(lang)) {
            body = report(REPORTS.get(lang));
          } else {
            code = 404;
            body = "<html><body>not found</body></html>".getBytes(StandardCharsets.UTF_8);
          }
          exchange.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
          exchange.sendResponseHeaders(code, body.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
          }
        });
    server.start();
    site = "http://127.0.0.1:" + server.getAddress().getPort();

    conf = LocalJobFixtures.localConf();
    conf.set("hadoop.tmp.dir", TMP.newFolder("hadoop").getPath());
    conf.set("fetcher.server.delay", "0");
    File rules = TMP.newFile("extract-rules.txt");
    Files.write(
        rules.toPath(),
        List.of("# the weather reports' bylines", "/weather/  byline  one  text  css  p.byline"));
    conf.set("parsefilter.selectors.file", rules.getPath());
    File urls = TMP.newFolder("urls");
    Files.write(new File(urls, "seeds.txt").toPath(), List.of(site + "/"));
    crawl = new File(TMP.getRoot(), "crawl").getPath();
    index = new File(crawl, "index").getPath();
    run = CommandRun.run(conf, "run", urls.getPath(), crawl, "2", "--index", index);
  }

  @AfterClass
  public static void stop() {
    if (server != null) {
      server.stop(0);
    }
  }

  private static byte[] home() {
    StringBuilder links = new StringBuilder();
    for (String lang : REPORTS.keySet()) {
      links
          .append("<li><a href=\"/weather/")
          .append(lang)
          .append("\">")
          .append(lang)
          .append("</a></li>");
    }
    return ("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>Weather reports</title></head>"
            + "<body><h1>Weather reports</h1><p>Today's weather reports from our correspondents in"
            + " eleven countries, each written in the language of the country it covers.</p><ul>"
            + links
            + "</ul></body></html>")
        .getBytes(StandardCharsets.UTF_8);
  }

  private static byte[] report(String[] r) {
    return ("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>"
            + r[0]
            + "</title><script type=\"application/ld+json\">{\"@context\": \"https://schema.org\","
            + " \"@type\": \"Article\", \"headline\": \""
            + r[0]
            + "\", \"author\": {\"@type\": \"Person\", \"name\": \""
            + r[1].substring(r[1].indexOf(' ') + 1)
            + "\"}}</script></head><body><nav><a href=\"/\">Home</a></nav><article><h1>"
            + r[0]
            + "</h1><p class=\"byline\">"
            + r[1]
            + "</p><p>"
            + r[2]
            + "</p></article><footer>Weather Service</footer></body></html>")
        .getBytes(StandardCharsets.UTF_8);
  }

  /** The hits of {@code query}, url to the values of {@code fields}, from search -json. */
  private static Map<String, List<String>> search(String query, String fields) throws Exception {
    CommandRun s =
        CommandRun.run(conf, "search", index, query, "-n", "100", "-json", "-fields", fields);
    assertEquals(s.toString(), 0, s.exitCode);
    Map<String, List<String>> hits = new TreeMap<>();
    ObjectMapper json = new ObjectMapper();
    for (String line : s.out.split("\n")) {
      JsonNode hit = json.readTree(line);
      List<String> values = new ArrayList<>();
      for (String f : fields.split(",")) {
        values.add(hit.path(f).asText());
      }
      hits.put(values.remove(0), values);
    }
    return hits;
  }

  @Test
  public void everyPageHasItsLanguageHeadlineAndBylineInTheIndex() throws Exception {
    assertEquals(run.toString(), 0, run.exitCode);
    for (Map.Entry<String, String[]> r : REPORTS.entrySet()) {
      String url = site + "/weather/" + r.getKey();
      Map<String, List<String>> expected = new TreeMap<>();
      expected.put(url, List.of(r.getKey(), r.getValue()[0], r.getValue()[1]));
      if (r.getKey().equals("en")) {
        expected.put(site + "/", List.of("en", "", ""));
      }
      assertEquals(
          expected, search("lang:" + r.getKey(), "url,lang,jsonld.Article.headline,byline"));
    }
  }

  @Test
  public void aLanguageNarrowsAWordSearch() throws Exception {
    assertEquals(
        List.of(site + "/weather/de"), List.copyOf(search("lang:de AND regen", "url").keySet()));
    assertEquals(
        List.of(site + "/weather/en"), List.copyOf(search("lang:en AND rain", "url").keySet()));
  }

  @Test
  public void readsegDumpShowsTheFields() throws Exception {
    File segments = new File(crawl, "segments");
    File out = TMP.newFolder("dump");
    Map<String, JsonNode> fields = new TreeMap<>();
    ObjectMapper json = new ObjectMapper();
    for (File segment : segments.listFiles()) {
      File dir = new File(out, segment.getName());
      CommandRun dump = CommandRun.run(conf, "readseg", "-dump", segment.getPath(), dir.getPath());
      assertEquals(dump.toString(), 0, dump.exitCode);
      for (File f : dir.listFiles((d, name) -> !name.startsWith(".") && !name.startsWith("_"))) {
        for (String line : Files.readAllLines(f.toPath())) {
          JsonNode record = json.readTree(line);
          JsonNode parse = record.path("parse");
          if (parse.has("fields")) {
            fields.put(record.path("url").asText(), parse.get("fields"));
          }
        }
      }
    }
    JsonNode fr = fields.get(site + "/weather/fr");
    assertEquals(
        "{\"lang\":[\"fr\"],\"languages\":[\"fr\"],\"jsonld.Article.headline\":[\"De fortes pluies attendues dans le nord\"],"
            + "\"jsonld.Article.author.name\":[\"Claire Martin\"],\"byline\":[\"Par Claire Martin\"]}",
        fr.toString());
  }

  @Test
  public void checkShowsTheFieldsAndTheRuleThatFired() throws Exception {
    CommandRun check = CommandRun.run(conf, "check", site + "/weather/it");
    assertEquals(check.toString(), 0, check.exitCode);
    assertTrue(check.out, check.out.contains("fields:\n  lang: it\n"));
    assertTrue(
        check.out, check.out.contains("  jsonld.Article.headline: Forti piogge attese al nord\n"));
    assertTrue(check.out, check.out.contains("  byline: Di Marco Rossi\n"));
    assertTrue(
        check.out,
        check.out.contains(
            "parseFilters:\n  lang 1: lang it from the text, by its script and function words\n"));
    assertTrue(
        check.out,
        check.out.contains(
            "  selectors 1: rule line 2 byline <- one text of css p.byline: 1 value(s)\n"));
  }
}
