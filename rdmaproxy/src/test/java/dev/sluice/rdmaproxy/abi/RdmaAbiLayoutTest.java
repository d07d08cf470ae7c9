package dev.sluice.rdmaproxy.abi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.rdmaproxy.abi.AbiClasses.IntConstant;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Every constant, struct size, member offset and write() size the abi package hard-codes (the
 * rdma_cm command table's {@code in} and {@code out} rules included), compared with {@code
 * sluice-rdma-abi-dump}, which prints them from the real uapi rdma headers. Also the other way
 * round: every dump line is compared with a Java constant.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RdmaAbiLayoutTest {

    /** One comparison: a dump line and the Java value that must equal it. */
    record Row(String dumpName, String javaName, long javaValue) {
        @Override
        public String toString() {
            return javaName + " = " + dumpName;
        }
    }

    static List<Row> constantRows() {
        List<Row> rows = new ArrayList<>();
        for (Class<?> c : AbiClasses.HEADER_CLASSES) {
            for (IntConstant k : AbiClasses.intConstants(c)) {
                rows.add(new Row(k.name(), k.toString(), Integer.toUnsignedLong(k.value())));
            }
        }
        return rows;
    }

    /**
     * Java member constant name for a dump member path: attr_data.enum_data.elem_id ->
     * OFF_ATTR_DATA_ENUM_DATA_ELEM_ID.
     */
    static String offName(String path) {
        return "OFF_" + path.toUpperCase().replace('.', '_');
    }

    static List<Row> layoutRows() {
        List<Row> rows = new ArrayList<>();
        for (Class<?> l : AbiClasses.layoutClasses()) {
            String tag = AbiClasses.cType(l);
            String owner = l.getEnclosingClass().getSimpleName() + "." + l.getSimpleName();
            for (IntConstant k : AbiClasses.intConstants(l)) {
                if (k.name().equals("SIZE")) {
                    rows.add(new Row("sizeof." + tag, owner + ".SIZE", k.value()));
                }
            }
            for (String dump : RdmaAbiDump.values().keySet()) {
                String prefix = "offsetof." + tag + ".";
                if (dump.startsWith(prefix)) {
                    String java = offName(dump.substring(prefix.length()));
                    Integer v = AbiClasses.intField(l, java);
                    // a missing field is reported by everyLayoutMemberHasAField; here only values
                    if (v != null) {
                        rows.add(new Row(dump, owner + "." + java, v));
                    }
                }
            }
        }
        return rows;
    }

    static List<Row> writeRows() {
        List<Row> rows = new ArrayList<>();
        for (LegacyCommands.WriteMethod w : LegacyCommands.WRITE_METHODS) {
            rows.add(
                    new Row(
                            "write.req_size." + w.name(),
                            w.name() + ".requestSize",
                            w.requestSize()));
            rows.add(
                    new Row(
                            "write.resp_size." + w.name(),
                            w.name() + ".responseSize",
                            w.responseSize()));
        }
        return rows;
    }

    /** The rdma_cm command table: ucma.c's rule for {@code in} and {@code out} of each command. */
    static List<Row> rdmaCmRows() {
        List<Row> rows = new ArrayList<>();
        for (RdmaCmAbi.Command c : RdmaCmAbi.COMMANDS) {
            rows.add(new Row("rdma_cm.in_min." + c.name(), c.name() + ".inMin", c.inMin()));
            rows.add(new Row("rdma_cm.in_max." + c.name(), c.name() + ".inMax", c.inMax()));
            rows.add(new Row("rdma_cm.out_min." + c.name(), c.name() + ".outMin", c.outMin()));
        }
        return rows;
    }

    static Stream<Arguments> constants() {
        return constantRows().stream().map(r -> Arguments.of(r.javaName(), r));
    }

    static Stream<Arguments> layouts() {
        return layoutRows().stream().map(r -> Arguments.of(r.javaName(), r));
    }

    static Stream<Arguments> writes() {
        return writeRows().stream().map(r -> Arguments.of(r.javaName(), r));
    }

    static Stream<Arguments> rdmaCm() {
        return rdmaCmRows().stream().map(r -> Arguments.of(r.javaName(), r));
    }

    private static void check(Row r) {
        long c = RdmaAbiDump.value(r.dumpName());
        assertEquals(
                c,
                r.javaValue(),
                r.javaName()
                        + " must equal "
                        + r.dumpName()
                        + " from the C headers ("
                        + c
                        + " = 0x"
                        + Long.toHexString(c)
                        + "), but is "
                        + r.javaValue());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("constants")
    void constantEqualsHeaderValue(String name, Row row) {
        check(row);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("layouts")
    void sizeAndOffsetEqualHeaderLayout(String name, Row row) {
        check(row);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("writes")
    void writeSizesEqualKernelRule(String name, Row row) {
        check(row);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rdmaCm")
    void rdmaCmCommandSizesEqualKernelRule(String name, Row row) {
        check(row);
    }

    @Test
    void everyLayoutConstantHasADumpLine() {
        Set<String> missing = new TreeSet<>();
        for (Class<?> l : AbiClasses.layoutClasses()) {
            String tag = AbiClasses.cType(l);
            for (IntConstant k : AbiClasses.intConstants(l)) {
                String dump;
                if (k.name().equals("SIZE")) {
                    dump = "sizeof." + tag;
                } else if (k.name().startsWith("OFF_")) {
                    dump =
                            RdmaAbiDump.values().keySet().stream()
                                    .filter(
                                            d ->
                                                    d.startsWith("offsetof." + tag + ".")
                                                            && offName(
                                                                            d.substring(
                                                                                    ("offsetof."
                                                                                                    + tag
                                                                                                    + ".")
                                                                                            .length()))
                                                                    .equals(k.name()))
                                    .findFirst()
                                    .orElse(null);
                } else {
                    missing.add(
                            l.getSimpleName()
                                    + "."
                                    + k.name()
                                    + " (a layout class has only SIZE and OFF_*)");
                    continue;
                }
                if (dump == null || !RdmaAbiDump.values().containsKey(dump)) {
                    missing.add(
                            l.getEnclosingClass().getSimpleName()
                                    + "."
                                    + l.getSimpleName()
                                    + "."
                                    + k.name());
                }
            }
        }
        assertTrue(
                missing.isEmpty(),
                "every Java layout constant is compared with a sluice-rdma-abi-dump line; no line for: "
                        + missing);
    }

    @Test
    void everyLayoutMemberHasAField() {
        Set<String> missing = new TreeSet<>();
        for (Class<?> l : AbiClasses.layoutClasses()) {
            String prefix = "offsetof." + AbiClasses.cType(l) + ".";
            for (String dump : RdmaAbiDump.values().keySet()) {
                if (dump.startsWith(prefix)
                        && AbiClasses.intField(l, offName(dump.substring(prefix.length())))
                                == null) {
                    missing.add(
                            dump
                                    + " -> "
                                    + l.getSimpleName()
                                    + "."
                                    + offName(dump.substring(prefix.length())));
                }
            }
        }
        assertTrue(
                missing.isEmpty(),
                "every member the dump prints has an OFF_ constant in its layout class: "
                        + missing);
    }

    @Test
    void everyConstantHasADumpLine() {
        Set<String> missing = new TreeSet<>();
        for (Row r : constantRows()) {
            if (!RdmaAbiDump.values().containsKey(r.dumpName())) {
                missing.add(r.javaName());
            }
        }
        assertTrue(
                missing.isEmpty(),
                "every header constant is printed by sluice-rdma-abi-dump under its C name: "
                        + missing);
    }

    @Test
    void layoutClassesNameDistinctStructs() {
        Map<String, String> seen = new HashMap<>();
        for (Class<?> l : AbiClasses.layoutClasses()) {
            String prev = seen.put(AbiClasses.cType(l), l.getName());
            assertEquals(
                    null,
                    prev,
                    "struct " + AbiClasses.cType(l) + " is declared once, but also in " + prev);
        }
    }

    @Test
    void everyDumpLineIsComparedSomewhere() {
        Set<String> compared = new HashSet<>();
        Stream.of(constantRows(), layoutRows(), writeRows(), rdmaCmRows())
                .flatMap(List::stream)
                .forEach(r -> compared.add(r.dumpName()));
        List<String> unaccounted = new ArrayList<>();
        for (String name : RdmaAbiDump.values().keySet()) {
            if (!compared.contains(name)) {
                unaccounted.add(name);
            }
        }
        assertTrue(
                unaccounted.isEmpty(),
                "every sluice-rdma-abi-dump line is compared with a Java constant: " + unaccounted);
    }
}
