#!/usr/bin/perl
# The perl-net-idn runtime of tools/runtime-oracle/oracle.py:
# Net::IDN::Encode::domain_to_ascii on each line of standard input (UTF-8,
# one name a line), in one process. Prints one JSON object a name:
#   {"input": NAME, "outcome": "ascii", "host": ASCII}
#   {"input": NAME, "outcome": "error", "error": MESSAGE}
# MESSAGE is the module's croak text without the " at FILE line N." Carp
# appends (that names the caller's file, not the module's words).
use strict;
use warnings;
no warnings qw(utf8 surrogate nonchar non_unicode);
use JSON::PP ();
use Net::IDN::Encode ();

my $json = JSON::PP->new->utf8->canonical;
binmode STDIN;
binmode STDOUT;
local $/;
my $text = <STDIN> // '';
my @names = split /\n/, $text, -1;
pop @names if @names && $names[-1] eq '';
for my $name (@names) {
    utf8::decode($name) or die "input is not UTF-8\n";
    my $host = eval { Net::IDN::Encode::domain_to_ascii($name) };
    if (defined $host) {
        print $json->encode({input => $name, outcome => 'ascii', host => $host}), "\n";
    } else {
        (my $error = $@) =~ s/ at \S+ line \d+\.\n//g;
        print $json->encode({input => $name, outcome => 'error', error => $error}), "\n";
    }
}
