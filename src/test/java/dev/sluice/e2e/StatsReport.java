package dev.sluice.e2e;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The report that {@code sluice run --stats} prints on stderr at exit:
 *
 * <pre>
 * sluice: trapped calls: 20001 total (EMULATE 7127, CONTINUE 7719, DENY 5155)
 *   device   request     name      disposition  calls  errors  p50(us)  p99(us)
 *   pty      0x80045430  TIOCGPTN  EMULATE      7127   0       19.5     1900.5
 * sluice: sentry fds: start=12 end=12
 * </pre>
 *
 * <p>Parsed leniently (a row is recognised by its cells, not by where the line ends), so that one
 * layout defect does not hide every other finding; {@code ObservabilityE2ETest} checks the layout.
 */
record StatsReport(
        long total,
        Map<String, Long> byDisposition,
        List<Row> rows,
        OptionalLong fdsStart,
        OptionalLong fdsEnd) {

    static final Pattern TOTAL =
            Pattern.compile("sluice: trapped calls: (\\d+) total \\(([^)]*)\\)");
    static final Pattern ROW =
            Pattern.compile(
                    "(?m)^ {2}(\\S+) +(0x[0-9a-f]{8}) +(\\S+) +(EMULATE|CONTINUE|DENY) +(\\d+) +(\\d+) +(\\d+\\.\\d) +(\\d+\\.\\d)");
    static final Pattern FDS = Pattern.compile("sluice: sentry fds: start=(\\d+) end=(\\d+)");

    record Row(
            String device,
            String request,
            String name,
            String disposition,
            long calls,
            long errors,
            double p50,
            double p99) {}

    static StatsReport parse(Sluice.Result r) {
        String err = r.stderr();
        Matcher t = TOTAL.matcher(err);
        if (!t.find()) {
            throw new AssertionError(
                    "no 'sluice: trapped calls: N total (...)' line on stderr\n" + r);
        }
        Map<String, Long> by = new LinkedHashMap<>();
        for (String part : t.group(2).split(",")) {
            String[] kv = part.trim().split(" ");
            if (kv.length != 2) {
                throw new AssertionError(
                        "malformed disposition count '" + part + "' in the total line\n" + r);
            }
            by.put(kv[0], Long.parseLong(kv[1]));
        }
        List<Row> rows = new ArrayList<>();
        Matcher m = ROW.matcher(err);
        while (m.find()) {
            rows.add(
                    new Row(
                            m.group(1),
                            m.group(2),
                            m.group(3),
                            m.group(4),
                            Long.parseLong(m.group(5)),
                            Long.parseLong(m.group(6)),
                            Double.parseDouble(m.group(7)),
                            Double.parseDouble(m.group(8))));
        }
        Matcher f = FDS.matcher(err);
        OptionalLong start = OptionalLong.empty();
        OptionalLong end = OptionalLong.empty();
        if (f.find()) {
            start = OptionalLong.of(Long.parseLong(f.group(1)));
            end = OptionalLong.of(Long.parseLong(f.group(2)));
        }
        return new StatsReport(Long.parseLong(t.group(1)), by, rows, start, end);
    }

    /**
     * Calls of {@code name} with {@code disposition}, summed over devices; 0 when there is no such
     * row.
     */
    long calls(String name, String disposition) {
        return rows.stream()
                .filter(x -> x.name().equals(name) && x.disposition().equals(disposition))
                .mapToLong(Row::calls)
                .sum();
    }

    long rowCallsSum() {
        return rows.stream().mapToLong(Row::calls).sum();
    }
}
