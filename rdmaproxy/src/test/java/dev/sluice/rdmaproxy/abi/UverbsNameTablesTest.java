package dev.sluice.rdmaproxy.abi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.rdmaproxy.abi.AbiClasses.IntConstant;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * The name tables of {@link UverbsObjects}, {@link UverbsMethods}, {@link UverbsAttrs} and {@link
 * Mlx5Ids}: each name is the C name of a constant with the keyed id, every constant is named, and
 * names are unique where ids are; the same for {@link EfaIds}. Also {@link UverbsNames}, which
 * merges them for log lines.
 */
@Timeout(value = 10, unit = TimeUnit.SECONDS)
class UverbsNameTablesTest {

    private static Set<String> constantNames(Class<?> c, String prefix) {
        Set<String> s = new TreeSet<>();
        for (IntConstant k : AbiClasses.intConstants(c)) {
            if (k.name().startsWith(prefix)) {
                s.add(k.name());
            }
        }
        return s;
    }

    @Test
    void objectNamesAreTheObjectConstants() {
        Map<String, Integer> byName = new HashMap<>();
        UverbsObjects.NAMES.forEach((id, name) -> byName.put(name, id));
        assertEquals(UverbsObjects.NAMES.size(), byName.size(), "object names are unique");
        assertEquals(
                constantNames(UverbsObjects.class, "UVERBS_OBJECT_"),
                new TreeSet<>(byName.keySet()),
                "every object constant is named, and only those");
        byName.forEach(
                (name, id) ->
                        assertEquals(
                                AbiClasses.intField(UverbsObjects.class, name),
                                id,
                                name + "'s id"));
    }

    @Test
    void methodNamesAreTheMethodConstantsUnderTheirObjects() {
        checkMethodTable(
                UverbsMethods.NAMES,
                UverbsMethods.class,
                "UVERBS_METHOD_",
                UverbsObjects.NAMES.keySet());
    }

    @Test
    void attrNamesAreTheAttrConstantsUnderKnownMethods() {
        checkAttrTable(UverbsAttrs.NAMES, UverbsAttrs.class, "UVERBS_ATTR_", UverbsMethods.NAMES);
    }

    @Test
    void uhwAttributesAreOnTheSixMethodsThatDeclareThem() {
        Set<UverbsMethods.Key> withUhw = new HashSet<>();
        UverbsAttrs.NAMES.forEach(
                (k, n) -> {
                    if (k.attr() == UverbsAttrs.UVERBS_ATTR_UHW_IN) {
                        withUhw.add(new UverbsMethods.Key(k.object(), k.method()));
                        assertEquals(
                                "UVERBS_ATTR_UHW_OUT",
                                UverbsAttrs.NAMES.get(
                                        new UverbsAttrs.Key(
                                                k.object(),
                                                k.method(),
                                                UverbsAttrs.UVERBS_ATTR_UHW_OUT)),
                                "UHW_OUT goes with UHW_IN on " + k);
                    }
                });
        assertEquals(
                Set.of(
                        new UverbsMethods.Key(
                                UverbsObjects.UVERBS_OBJECT_DEVICE,
                                UverbsMethods.UVERBS_METHOD_INVOKE_WRITE),
                        new UverbsMethods.Key(
                                UverbsObjects.UVERBS_OBJECT_DEVICE,
                                UverbsMethods.UVERBS_METHOD_GET_CONTEXT),
                        new UverbsMethods.Key(
                                UverbsObjects.UVERBS_OBJECT_CQ,
                                UverbsMethods.UVERBS_METHOD_CQ_CREATE),
                        new UverbsMethods.Key(
                                UverbsObjects.UVERBS_OBJECT_QP,
                                UverbsMethods.UVERBS_METHOD_QP_CREATE),
                        new UverbsMethods.Key(
                                UverbsObjects.UVERBS_OBJECT_SRQ,
                                UverbsMethods.UVERBS_METHOD_SRQ_CREATE),
                        new UverbsMethods.Key(
                                UverbsObjects.UVERBS_OBJECT_WQ,
                                UverbsMethods.UVERBS_METHOD_WQ_CREATE)),
                withUhw,
                "the methods declared with UVERBS_ATTR_UHW() in 6.1");
    }

    @Test
    void mlx5ObjectNamesAreItsObjectConstantsInTheDriverNamespace() {
        assertEquals(
                constantNames(Mlx5Ids.class, "MLX5_IB_OBJECT_"),
                new TreeSet<>(Mlx5Ids.OBJECT_NAMES.values()),
                "every mlx5 object constant is named");
        Mlx5Ids.OBJECT_NAMES.forEach(
                (id, name) -> {
                    assertEquals(AbiClasses.intField(Mlx5Ids.class, name), id, name + "'s id");
                    assertTrue(
                            id >= UverbsIoctl.UVERBS_UDATA_DRIVER_DATA_FLAG,
                            name + " is in the driver namespace");
                });
    }

    @Test
    void mlx5MethodAndAttrNamesAreItsConstants() {
        Set<Integer> objects = new HashSet<>(UverbsObjects.NAMES.keySet());
        objects.addAll(Mlx5Ids.OBJECT_NAMES.keySet());
        checkMethodTable(Mlx5Ids.METHOD_NAMES, Mlx5Ids.class, "MLX5_IB_METHOD_", objects);
        Map<UverbsMethods.Key, String> allMethods = new HashMap<>(UverbsMethods.NAMES);
        allMethods.putAll(Mlx5Ids.METHOD_NAMES);
        checkAttrTable(Mlx5Ids.ATTR_NAMES, Mlx5Ids.class, "MLX5_IB_ATTR_", allMethods);
        Mlx5Ids.METHOD_NAMES
                .keySet()
                .forEach(k -> assertTrue(k.method() >= 0x1000, k + " is a driver method id"));
        Mlx5Ids.ATTR_NAMES
                .keySet()
                .forEach(k -> assertTrue(k.attr() >= 0x1000, k + " is a driver attribute id"));
    }

    @Test
    void mlx5TablesDoNotClashWithCore() {
        for (UverbsMethods.Key k : Mlx5Ids.METHOD_NAMES.keySet()) {
            assertTrue(
                    !UverbsMethods.NAMES.containsKey(k),
                    "mlx5 method " + k + " is not a core method id");
        }
        for (UverbsAttrs.Key k : Mlx5Ids.ATTR_NAMES.keySet()) {
            assertTrue(
                    !UverbsAttrs.NAMES.containsKey(k),
                    "mlx5 attribute "
                            + k
                            + " is not a core attribute id "
                            + UverbsAttrs.NAMES.get(k));
        }
    }

    @Test
    void efaMethodAndAttrNamesAreItsConstants() {
        assertTrue(EfaIds.OBJECT_NAMES.isEmpty(), "efa registers no objects of its own");
        checkMethodTable(
                EfaIds.METHOD_NAMES, EfaIds.class, "EFA_IB_METHOD_", UverbsObjects.NAMES.keySet());
        Map<UverbsMethods.Key, String> allMethods = new HashMap<>(UverbsMethods.NAMES);
        allMethods.putAll(EfaIds.METHOD_NAMES);
        checkAttrTable(EfaIds.ATTR_NAMES, EfaIds.class, "EFA_IB_ATTR_", allMethods);
        for (UverbsMethods.Key k : EfaIds.METHOD_NAMES.keySet()) {
            assertTrue(
                    !UverbsMethods.NAMES.containsKey(k),
                    "efa method " + k + " is not a core method id");
            assertTrue(
                    EfaSchema.METHODS.stream().anyMatch(m -> m.key().equals(k)),
                    EfaIds.METHOD_NAMES.get(k) + " is in the efa schema");
        }
    }

    @Test
    void efaIdsCountUpFromTheDriverNamespace() {
        // enum efa_mr_methods and enum efa_query_mr_attrs (efa-abi.h of 6.8) start at
        // 1U << UVERBS_ID_NS_SHIFT and count up in this order
        assertEquals(
                1 << UverbsIoctl.UVERBS_ID_NS_SHIFT,
                EfaIds.EFA_IB_METHOD_MR_QUERY,
                "EFA_IB_METHOD_MR_QUERY is the first driver method id");
        List<Integer> attrs =
                List.of(
                        EfaIds.EFA_IB_ATTR_QUERY_MR_HANDLE,
                        EfaIds.EFA_IB_ATTR_QUERY_MR_RESP_IC_ID_VALIDITY,
                        EfaIds.EFA_IB_ATTR_QUERY_MR_RESP_RECV_IC_ID,
                        EfaIds.EFA_IB_ATTR_QUERY_MR_RESP_RDMA_READ_IC_ID,
                        EfaIds.EFA_IB_ATTR_QUERY_MR_RESP_RDMA_RECV_IC_ID);
        for (int i = 0; i < attrs.size(); i++) {
            assertEquals(
                    UverbsIoctl.UVERBS_UDATA_DRIVER_DATA_FLAG + i,
                    attrs.get(i),
                    "attribute " + i + " of enum efa_query_mr_attrs");
        }
        assertEquals(attrs.size(), EfaIds.ATTR_NAMES.size(), "every MR query attribute is named");
    }

    @Test
    void efaNamesResolveTheMrQuery() {
        UverbsNames n = UverbsNames.efa();
        int mr = UverbsObjects.UVERBS_OBJECT_MR;
        assertEquals(
                "EFA_IB_METHOD_MR_QUERY",
                n.method(mr, EfaIds.EFA_IB_METHOD_MR_QUERY),
                "efa method on a core object");
        assertEquals(
                "0x1003 (EFA_IB_ATTR_QUERY_MR_RESP_RDMA_READ_IC_ID)",
                n.describeAttr(mr, EfaIds.EFA_IB_METHOD_MR_QUERY, 0x1003),
                "efa attribute");
        assertEquals(
                "0x1000",
                UverbsNames.mlx5().method(mr, EfaIds.EFA_IB_METHOD_MR_QUERY),
                "mlx5's names do not know efa's method");
    }

    private static void checkMethodTable(
            Map<UverbsMethods.Key, String> table,
            Class<?> owner,
            String prefix,
            Set<Integer> objects) {
        Set<String> names = new TreeSet<>();
        table.forEach(
                (k, name) -> {
                    assertTrue(names.add(name), "method name " + name + " appears once");
                    assertEquals(
                            AbiClasses.intField(owner, name),
                            k.method(),
                            name + " is keyed by its own id");
                    assertTrue(objects.contains(k.object()), name + " is on a known object: " + k);
                });
        assertEquals(
                constantNames(owner, prefix),
                names,
                "every " + prefix + " constant is named, and only those");
    }

    private static void checkAttrTable(
            Map<UverbsAttrs.Key, String> table,
            Class<?> owner,
            String prefix,
            Map<UverbsMethods.Key, String> methods) {
        Set<String> names = new TreeSet<>();
        Map<UverbsMethods.Key, Set<String>> perMethod = new HashMap<>();
        table.forEach(
                (k, name) -> {
                    Integer v = AbiClasses.intField(owner, name);
                    if (v == null) {
                        v =
                                AbiClasses.intField(
                                        UverbsAttrs.class, name); // UHW_IN/OUT under a core method
                    }
                    assertNotNull(v, name + " is a constant");
                    assertEquals(v, k.attr(), name + " is keyed by its own id");
                    UverbsMethods.Key mk = new UverbsMethods.Key(k.object(), k.method());
                    assertTrue(methods.containsKey(mk), name + " is on a known method " + mk);
                    assertTrue(
                            perMethod.computeIfAbsent(mk, x -> new HashSet<>()).add(name),
                            name + " appears once in method " + methods.get(mk));
                    names.add(name);
                });
        Set<String> declared = constantNames(owner, prefix);
        Set<String> named =
                names.stream()
                        .filter(n -> n.startsWith(prefix))
                        .collect(Collectors.toCollection(TreeSet::new));
        assertEquals(
                declared, named, "every " + prefix + " attribute constant is named under a method");
    }

    @Test
    void logLinesNameObjectMethodAndAttribute() {
        UverbsNames n = UverbsNames.core();
        int mr = UverbsObjects.UVERBS_OBJECT_MR;
        int reg = UverbsMethods.UVERBS_METHOD_REG_DMABUF_MR;
        assertEquals(
                "uverbs: unsupported attribute 0x5 (UVERBS_ATTR_REG_DMABUF_MR_FD) of method UVERBS_METHOD_REG_DMABUF_MR"
                        + " on object UVERBS_OBJECT_MR",
                "uverbs: unsupported attribute "
                        + n.describeAttr(mr, reg, UverbsAttrs.UVERBS_ATTR_REG_DMABUF_MR_FD)
                        + " of method "
                        + n.method(mr, reg)
                        + " on object "
                        + n.object(mr),
                "a log line names everything it can");
        assertEquals("0x1008", n.object(0x1008), "core names do not know mlx5's UAR object");
        assertEquals(
                "0x1234",
                n.describeAttr(mr, reg, 0x1234),
                "an unknown attribute is printed in hex");
        assertEquals("0x9", n.method(mr, 9), "an unknown method is printed in hex");
    }

    @Test
    void mlx5NamesResolveDriverIdsOnCoreAndDriverObjects() {
        UverbsNames n = UverbsNames.mlx5();
        assertEquals("MLX5_IB_OBJECT_UAR", n.object(Mlx5Ids.MLX5_IB_OBJECT_UAR), "mlx5 object");
        assertEquals(
                "MLX5_IB_METHOD_PD_QUERY",
                n.method(UverbsObjects.UVERBS_OBJECT_PD, Mlx5Ids.MLX5_IB_METHOD_PD_QUERY),
                "mlx5 method on a core object");
        assertEquals(
                "MLX5_IB_ATTR_QUERY_CONTEXT_RESP_UCTX",
                n.attr(
                        UverbsObjects.UVERBS_OBJECT_DEVICE,
                        UverbsMethods.UVERBS_METHOD_QUERY_CONTEXT,
                        0x1000),
                "mlx5 attribute on a core method");
        assertEquals(
                "UVERBS_ATTR_UHW_IN",
                n.attr(
                        UverbsObjects.UVERBS_OBJECT_CQ,
                        UverbsMethods.UVERBS_METHOD_CQ_CREATE,
                        0x1000),
                "the same id is UHW_IN on CQ_CREATE");
        assertThrows(
                IllegalArgumentException.class,
                () -> n.withDriver(Map.of(Mlx5Ids.MLX5_IB_OBJECT_UAR, "X"), Map.of(), Map.of()),
                "merging a clashing driver table fails");
    }

    @Test
    void everyNamedCoreMethodIsRegisteredOrListedAsNot() {
        for (UverbsMethods.Key k : UverbsMethods.NAMES.keySet()) {
            assertTrue(
                    UverbsSchema.CORE_BY_KEY.containsKey(k)
                            || UverbsSchema.NOT_REGISTERED.containsKey(k),
                    UverbsMethods.NAMES.get(k) + " is in the schema or in NOT_REGISTERED");
        }
        for (UverbsMethods.Key k : Mlx5Ids.METHOD_NAMES.keySet()) {
            assertTrue(
                    Mlx5Schema.METHODS.stream().anyMatch(m -> m.key().equals(k)),
                    Mlx5Ids.METHOD_NAMES.get(k) + " is in the mlx5 schema");
        }
        assertEquals(
                List.of(),
                UverbsSchema.NOT_REGISTERED.keySet().stream()
                        .filter(UverbsSchema.CORE_BY_KEY::containsKey)
                        .toList(),
                "a method is either registered or not");
    }
}
