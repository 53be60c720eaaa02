// The java-idn runtime of tools/runtime-oracle/oracle.py: java.net.IDN.toASCII(name)
// (flags 0) on each line of standard input (UTF-8), one JSON object a line out.
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.IDN;
import java.nio.charset.StandardCharsets;

public class IdnOracle {
    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        PrintStream out = new PrintStream(System.out, false, "UTF-8");
        String line;
        while ((line = in.readLine()) != null) {
            String host = null, error = null;
            try {
                host = IDN.toASCII(line);
            } catch (IllegalArgumentException e) {
                error = e.getMessage() == null ? e.toString() : e.getMessage();
            }
            out.println("{\"input\":" + json(line)
                + (host != null ? ",\"outcome\":\"ascii\",\"host\":" + json(host) : ",\"outcome\":\"error\",\"error\":" + json(error))
                + "}");
        }
        out.flush();
    }

    static String json(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') b.append('\\').append(c);
            else if (c < 0x20 || (c >= 0xD800 && c <= 0xDFFF)) b.append(String.format("\\u%04x", (int) c));
            else b.append(c);
        }
        return b.append('"').toString();
    }
}
