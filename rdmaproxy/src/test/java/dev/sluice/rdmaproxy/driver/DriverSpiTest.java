package dev.sluice.rdmaproxy.driver;

import static dev.sluice.rdmaproxy.abi.UverbsMethods.*;
import static dev.sluice.rdmaproxy.abi.UverbsObjects.*;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.Mockito.mock;

import dev.sluice.rdmaproxy.abi.LegacyCommands;
import dev.sluice.rdmaproxy.abi.Mlx5Ids;
import dev.sluice.rdmaproxy.abi.Mlx5Schema;
import dev.sluice.rdmaproxy.abi.UverbsAttrs;
import dev.sluice.rdmaproxy.abi.UverbsIoctl;
import dev.sluice.rdmaproxy.abi.UverbsMethods;
import dev.sluice.rdmaproxy.abi.UverbsNames;
import dev.sluice.rdmaproxy.abi.UverbsSchema;
import dev.sluice.rdmaproxy.uverbs.RdmaTable;
import dev.sluice.rdmaproxy.uverbs.UverbsEnvelope;
import dev.sluice.sentry.spi.Disposition;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * The plugin SPI's pieces: the registry, the table merge, the driver-data combinators and rule
 * sites.
 */
@Timeout(value = 10, unit = TimeUnit.SECONDS)
class DriverSpiTest {
    private static final UverbsEnvelope ENV = mock(UverbsEnvelope.class);

    @Test
    void pluginsAreChosenByHostDriver() {
        assertSame(
                Mlx5Plugin.INSTANCE,
                DriverPlugins.forHostDriver("mlx5_core").orElseThrow(),
                "ConnectX");
        assertSame(EfaPlugin.INSTANCE, DriverPlugins.forHostDriver("efa").orElseThrow(), "AWS EFA");
        assertSame(
                RxePlugin.INSTANCE,
                DriverPlugins.forHostDriver("rdma_rxe").orElseThrow(),
                "Soft-RoCE module");
        assertSame(
                RxePlugin.INSTANCE,
                DriverPlugins.forHostDriver("rxe").orElseThrow(),
                "Soft-RoCE link type");
        for (String d : List.of("mlx4_core", "bnxt_en", "irdma", "siw", "", "MLX5_CORE", "EFA")) {
            assertTrue(DriverPlugins.forHostDriver(d).isEmpty(), d + " has no plugin");
        }
        String s = DriverPlugins.supported();
        assertTrue(
                s.contains("mlx5_core (mlx5: ConnectX")
                        && s.contains("efa (efa: AWS Elastic Fabric Adapter")
                        && s.contains("rdma_rxe or rxe (rxe: Soft-RoCE"),
                s);
    }

    @Test
    void pluginsDifferInDriverIdHostDriversAndNames() {
        Set<Integer> ids = new HashSet<>();
        Set<String> drivers = new HashSet<>();
        for (RdmaDriverPlugin p : DriverPlugins.ALL) {
            assertTrue(ids.add(p.driverId()), p.name() + ": one plugin per driver_id");
            for (String d : p.hostDrivers()) {
                assertTrue(drivers.add(d), d + ": one plugin per host driver");
            }
            assertTrue(
                    UverbsIoctl.DRIVER_NAMES.containsKey(p.driverId()),
                    p.name() + ": a uapi driver id");
        }
        assertEquals(
                "MLX5_IB_OBJECT_UAR",
                Mlx5Plugin.INSTANCE.names().object(Mlx5Ids.MLX5_IB_OBJECT_UAR),
                "mlx5 names");
        assertEquals(
                "0x1008",
                RxePlugin.INSTANCE.names().object(Mlx5Ids.MLX5_IB_OBJECT_UAR),
                "rxe has the core names only");
    }

    @Test
    void withDriverMergesAttributesIntoCoreMethodsAndAddsDriverRows() {
        RdmaTable t = Mlx5Plugin.INSTANCE.table();
        UverbsSchema.Method dm = t.method(UVERBS_OBJECT_DM, UVERBS_METHOD_DM_ALLOC).schema();
        UverbsSchema.Method coreDm =
                UverbsSchema.CORE_BY_KEY.get(
                        new UverbsMethods.Key(UVERBS_OBJECT_DM, UVERBS_METHOD_DM_ALLOC));
        assertEquals(
                coreDm.attrs().size() + 3,
                dm.attrs().size(),
                "DM_ALLOC gains mlx5's three attributes");
        assertTrue(
                dm.attr(Mlx5Ids.MLX5_IB_ATTR_ALLOC_DM_RESP_START_OFFSET).orElseThrow().mandatory(),
                "mandatory on mlx5");
        assertEquals(
                RdmaTable.core().methods().size() + Mlx5Plugin.ALLOWED.size(),
                t.methods().size(),
                "core + allowed");
        assertEquals(LegacyCommands.WRITE_METHODS.size(), t.writes().size(), "every write command");
        assertTrue(
                t.methods().stream()
                        .filter(r -> UverbsSchema.CORE_BY_KEY.containsKey(r.key()))
                        .allMatch(
                                r ->
                                        r.disposition()
                                                == RdmaTable.core()
                                                        .method(r.key().object(), r.key().method())
                                                        .disposition()),
                "core methods keep the core disposition");
        assertTrue(
                t.methods().stream()
                        .filter(r -> !UverbsSchema.CORE_BY_KEY.containsKey(r.key()))
                        .allMatch(
                                r ->
                                        r.disposition() == Disposition.CONTINUE
                                                && r.why().equals(RdmaTable.DRIVER_METHOD)),
                "driver methods continue after validation");

        UverbsSchema.Method clash =
                UverbsSchema.CORE_BY_KEY.get(
                        new UverbsMethods.Key(UVERBS_OBJECT_DEVICE, UVERBS_METHOD_QUERY_CONTEXT));
        assertThrows(
                IllegalArgumentException.class,
                () -> RdmaTable.withDriver(List.of(clash), List.of()),
                "an attribute id the core method already has");
        UverbsSchema.Method notCore = Mlx5Schema.METHODS.get(0);
        assertThrows(
                IllegalArgumentException.class,
                () -> RdmaTable.withDriver(List.of(notCore), List.of()),
                "driver attributes only extend core methods");
    }

    @Test
    void udataFieldsReadLikeAZeroedStructCopy() {
        Udata u = Udata.of(new byte[] {0x11, 0x22, 0x33});
        assertEquals(0x2211, u.field(0, 2), "little-endian");
        assertEquals(0x332211, u.field(0, 4), "bytes beyond the length read as zero");
        assertEquals(0, u.field(8, 8), "wholly beyond");
        assertEquals(0, u.firstNonZero(0), "first non-zero");
        assertEquals(-1, Udata.of(new byte[4]).firstNonZero(0), "all zero");
        assertEquals(0, Udata.ABSENT.len(), "absent is empty");
        assertEquals(12, Udata.outOfLength(12).len(), "an output buffer's length");
    }

    @Test
    void udataCombinators() {
        Udata u = Udata.of(new byte[] {1, 0, 0, 0, 0, 0, 0, 9});
        assertNull(UdataRule.minLen(8, "x").check(u, ENV), "long enough");
        assertTrue(
                UdataRule.minLen(9, "x").check(u, ENV).contains("length 8 is less than 9 (x)"),
                "too short");
        assertTrue(UdataRule.lenIs(4, "y").check(u, ENV).contains("is not 4"), "exact length");
        assertTrue(
                UdataRule.zeroFrom(1, "tail").check(u, ENV).contains("byte 7"),
                "first non-zero byte named");
        assertNull(UdataRule.zeroFrom(8, "tail").check(u, ENV), "nothing beyond");
        assertTrue(
                UdataRule.zero(4, 4, "f").check(u, ENV).contains("f is 0x9000000"),
                "a field must be zero");
        assertNull(UdataRule.flags(0, 1, "fl", Map.of(1L, "A")).check(u, ENV), "known bit");
        assertTrue(
                UdataRule.flags(7, 1, "fl", Map.of(8L, "B", 2L, "A"))
                        .check(u, ENV)
                        .contains("fl has bits 0x1 outside the known ones (A, B)"),
                "unknown bits named with the known ones");
        assertNull(UdataRule.oneOf(0, 1, "v", 1, 2).check(u, ENV), "one of");
        assertTrue(
                UdataRule.oneOf(7, 1, "v", 1, 2)
                        .check(u, ENV)
                        .contains("v is 9, not one of [1, 2]"),
                "not one of");
        assertNull(
                UdataRule.emptyOr(UdataRule.minLen(100, "x")).check(Udata.ABSENT, ENV),
                "empty passes emptyOr");
        assertTrue(UdataRule.empty().check(u, ENV).contains("carries 8 bytes"), "must be empty");
        assertTrue(
                new UdataRule(
                                "struct s (h.h)",
                                UdataRule.all(UdataRule.minLen(1, "a"), UdataRule.minLen(99, "b")))
                        .apply(u, ENV)
                        .startsWith("struct s (h.h): length 8 is less than 99"),
                "the first failure, named by struct");
        assertNull(new ConstRule(Map.of(0L, "ZERO"), "why").check(0), "allowed value");
        assertTrue(
                new ConstRule(Map.of(0L, "ZERO"), "why")
                        .check(3)
                        .contains("value 3 is not one of [ZERO]: why"),
                "denied");
    }

    @Test
    void udataSitesAreCommandsThatCarryDriverDataAndMethodsThatDeclareIt() {
        for (RdmaDriverPlugin p : DriverPlugins.ALL) {
            for (UdataSite site : sites()) {
                boolean has = p.udataIn(site) != null || p.udataOut(site) != null;
                if (!has) {
                    continue;
                }
                if (site instanceof UdataSite.Write w) {
                    // INVOKE_WRITE hands its UHW attributes to every command's handler (the ioctl
                    // method
                    // declares them, so uverbs_ioctl.c fills driver_udata), so any registered
                    // command is a
                    // site; plain MODIFY_QP, say, has no udata over write() but mlx5 reads it over
                    // ioctl.
                    assertTrue(
                            Mlx5Plugin.INSTANCE.table().write(w.command(), w.extended()) != null,
                            p.name()
                                    + ": "
                                    + UdataSite.describe(site, UverbsNames.core())
                                    + " is a registered command");
                } else {
                    UdataSite.Method m = (UdataSite.Method) site;
                    UverbsSchema.Method s =
                            UverbsSchema.CORE_BY_KEY.get(
                                    new UverbsMethods.Key(m.object(), m.method()));
                    assertTrue(
                            s.attr(UverbsAttrs.UVERBS_ATTR_UHW_IN).isPresent(),
                            p.name() + ": " + s.name() + " has UHW");
                }
            }
        }
        assertEquals(
                "IB_USER_VERBS_EX_CMD_CREATE_CQ",
                UdataSite.describe(
                        new UdataSite.Write(LegacyCommands.IB_USER_VERBS_EX_CMD_CREATE_CQ, true),
                        UverbsNames.core()),
                "named");
        assertEquals(
                "UVERBS_METHOD_CQ_CREATE on UVERBS_OBJECT_CQ",
                UdataSite.describe(
                        new UdataSite.Method(UVERBS_OBJECT_CQ, UVERBS_METHOD_CQ_CREATE),
                        UverbsNames.core()),
                "named");
        assertEquals(
                "write command 200",
                UdataSite.describe(new UdataSite.Write(200, false), UverbsNames.core()),
                "hex-free");
    }

    private static List<UdataSite> sites() {
        List<UdataSite> out = new java.util.ArrayList<>();
        for (LegacyCommands.WriteMethod w : LegacyCommands.WRITE_METHODS) {
            out.add(new UdataSite.Write(w.command(), w.extended()));
        }
        for (UverbsSchema.Method m : UverbsSchema.CORE) {
            out.add(new UdataSite.Method(m.object(), m.method()));
        }
        return out;
    }
}
