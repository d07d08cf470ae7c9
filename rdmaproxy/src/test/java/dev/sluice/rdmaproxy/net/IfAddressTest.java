package dev.sluice.rdmaproxy.net;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.api.Test;

import java.util.List;

class IfAddressTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    // ip -j addr show dev va (iproute2 6.1), trimmed.
    private static final String LINK =
            """
            {"ifindex":6,"ifname":"va","flags":["BROADCAST","MULTICAST","UP"],"mtu":4000,"addr_info":[
             {"family":"inet","local":"10.9.0.1","prefixlen":24,"broadcast":"10.9.0.255","scope":"global","label":"va",
              "valid_life_time":4294967295,"preferred_life_time":4294967295},
             {"family":"inet","local":"10.9.1.1","prefixlen":24,"scope":"global","label":"va:1","valid_life_time":300,
              "preferred_life_time":100,"noprefixroute":true},
             {"family":"inet6","local":"fd00::1","prefixlen":64,"scope":"global","nodad":true,
              "valid_life_time":4294967295,"preferred_life_time":4294967295},
             {"family":"inet6","local":"fe80::1","prefixlen":64,"scope":"link"}]}""";

    @Test
    void parsesWhatIpPrintsAndLeavesLinkLocalOut() throws Exception {
        List<IfAddress> a = IfAddress.of(JSON.readTree(LINK));
        assertEquals(3, a.size(), "the IPv6 link-local address comes back by itself");
        assertEquals(
                "addr replace 10.9.0.1/24 dev roce0 broadcast 10.9.0.255",
                a.get(0).addCommand("roce0", "va"));
        assertEquals(
                "addr replace 10.9.1.1/24 dev roce0 label roce0:1 valid_lft 300 preferred_lft 100 noprefixroute",
                a.get(1).addCommand("roce0", "va"),
                "an alias label follows a rename; a finite lifetime is kept");
        assertEquals("addr replace fd00::1/64 dev va nodad", a.get(2).addCommand("va", "va"));
    }

    @Test
    void routesKeepOnlyWhatTheKernelDoesNotRemake() throws Exception {
        String routes =
                """
                [{"dst":"10.9.0.0/24","protocol":"kernel","scope":"link","prefsrc":"10.9.0.1"},
                 {"dst":"10.10.0.0/16","gateway":"10.9.0.2","flags":[]},
                 {"dst":"default","gateway":"10.9.0.254","metric":100},
                 {"type":"multicast","dst":"ff00::/8"}]""";
        List<IfRoute> r = IfRoute.of(JSON.readTree(routes), 4);
        assertEquals(
                List.of(
                        "route replace 10.10.0.0/16 via 10.9.0.2 dev x",
                        "route replace default via 10.9.0.254 dev x metric 100"),
                r.stream().map(x -> x.addCommand("x")).toList());
        assertEquals(
                "route replace ::/0 via fd00::fe dev x",
                new IfRoute(6, "default", "fd00::fe", null, -1).addCommand("x"),
                "an IPv6 default route says its family");
    }

    @Test
    void theSnapshotRestoresLinkThenAddressesThenRoutes() throws Exception {
        NetdevSnapshot s =
                new NetdevSnapshot(
                        "va",
                        4000,
                        true,
                        IfAddress.of(JSON.readTree(LINK)),
                        List.of(new IfRoute(4, "10.10.0.0/16", "10.9.0.2", null, -1)),
                        List.of(),
                        List.of(),
                        "0",
                        "0");
        List<String> c = s.restoreCommands("roce0");
        assertEquals("link set dev roce0 mtu 4000", c.get(0));
        assertEquals("link set dev roce0 up", c.get(1));
        assertEquals("route replace 10.10.0.0/16 via 10.9.0.2 dev roce0", c.get(c.size() - 1));
        NetdevSnapshot down =
                new NetdevSnapshot(
                        "va", 1500, false, List.of(), s.routes(), List.of(), List.of(), "", "");
        assertEquals(
                List.of("link set dev roce0 mtu 1500"),
                down.restoreCommands("roce0"),
                "a link that was down stays down, without routes");
    }
}
